import { useEffect, useRef, type RefObject } from 'react';
import { CameraClosedError, CameraHolder } from '../camera/camera-holder.ts';
import { cameraProblemOf, openCamera, type CameraProblem, type Facing, type VideoSize } from '../camera/camera-streams.ts';
import { showStream } from '../camera/video-frames.ts';

/** What the live camera reports to its modal's phase: shown, to be opened again, or why it cannot be. */
export type LiveCameraEvent = { name: 'live' } | { name: 'starting' } | { name: 'error'; problem: CameraProblem };

/**
 * The camera stream behind a capture modal (dual or single shot): one holder per mount, whose
 * unmount stops every stream, including one still on its way; while `starting`, opens the camera
 * facing `facing` (at the ideal `size`, else the action photos') into the video and reports the
 * outcome through `report`.
 */
export function useLiveCamera(starting: boolean, facing: Facing, report: (event: LiveCameraEvent) => void, size?: VideoSize) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const holderRef = useRef<CameraHolder | null>(null);
  const reportRef = useRef(report);
  reportRef.current = report;

  useEffect(() => {
    const holder = new CameraHolder();
    holderRef.current = holder;
    return () => holder.close();
  }, []);

  useEffect(() => {
    const holder = holderRef.current;
    if (!starting || !holder) return;
    let current = true;
    const start = async () => {
      try {
        // Switching cameras: phones often cannot open a second camera while the first one is live.
        holder.release();
        const stream = holder.adopt(await openCamera(facing, 'ideal', size));
        if (!videoRef.current) throw new Error('The preview is not mounted.');
        await showStream(videoRef.current, stream);
        if (!current) return;
        reportRef.current({ name: 'live' });
        // The system took the camera away (another app, revoked permission; our own stop() does not
        // fire this): open it again, or show why it cannot be.
        stream.getVideoTracks()[0]?.addEventListener('ended', () => {
          if (holder.stream === stream) reportRef.current({ name: 'starting' });
        });
      } catch (error) {
        if (!current || error instanceof CameraClosedError) return;
        holder.release();
        reportRef.current({ name: 'error', problem: cameraProblemOf(error) });
      }
    };
    void start();
    return () => {
      current = false;
    };
  }, [starting, facing, size?.width, size?.height]);

  return { videoRef: videoRef as RefObject<HTMLVideoElement | null>, holderRef };
}
