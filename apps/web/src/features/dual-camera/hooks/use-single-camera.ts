import { useState, type RefObject } from 'react';
import { compressImage } from '../../../lib/images/compress-image.ts';
import { oppositeFacing, type CameraProblem, type Facing } from '../camera/camera-streams.ts';
import { grabFrame } from '../camera/video-frames.ts';
import { useLiveCamera } from './use-live-camera.ts';

export type SingleCameraPhase =
  | { name: 'starting' }
  | { name: 'live' }
  | { name: 'capturing' }
  | { name: 'review'; photo: Blob }
  | { name: 'error'; problem: CameraProblem | 'capture-failed' };

export type SingleCamera = {
  phase: SingleCameraPhase;
  facing: Facing;
  videoRef: RefObject<HTMLVideoElement | null>;
  switchCamera: () => void;
  capture: () => Promise<void>;
  /** Back to the live camera: after a rejected photo, or to try again after an error. */
  restart: () => void;
  /** Stops the camera now (the modal is closing). */
  stop: () => void;
};

/** The state of the single-shot camera (the photo survey's 'Aparat'): live camera, one photo, review. */
export function useSingleCamera(): SingleCamera {
  const [phase, setPhase] = useState<SingleCameraPhase>({ name: 'starting' });
  const [facing, setFacing] = useState<Facing>('environment'); // spec §9: the rear camera by default
  const { videoRef, holderRef } = useLiveCamera(phase.name === 'starting', facing, setPhase);

  const capture = async () => {
    const holder = holderRef.current;
    const video = videoRef.current;
    if (phase.name !== 'live' || !holder || !video) return;
    setPhase({ name: 'capturing' });
    try {
      const canvas = grabFrame(video);
      // The photo is taken: the camera light goes off while she looks at it.
      holder.release();
      const photo = await compressImage(canvas);
      if (holder.closed) return;
      setPhase({ name: 'review', photo });
    } catch (error) {
      console.error('Camera capture failed', error);
      holder.release();
      setPhase({ name: 'error', problem: 'capture-failed' });
    }
  };

  return {
    phase,
    facing,
    videoRef,
    switchCamera: () => {
      if (phase.name !== 'live') return;
      setFacing(oppositeFacing);
      setPhase({ name: 'starting' });
    },
    capture,
    restart: () => setPhase({ name: 'starting' }),
    stop: () => holderRef.current?.release(),
  };
}
