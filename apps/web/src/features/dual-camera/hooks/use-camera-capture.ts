import { useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { CameraClosedError, type CameraHolder } from '../camera/camera-holder.ts';
import { oppositeFacing, type CameraProblem, type Facing, type VideoSize } from '../camera/camera-streams.ts';
import { useLiveCamera } from './use-live-camera.ts';

/** A capture modal's phases; `Review` is what its shutter produced, shown until accepted or retaken. */
export type CameraPhase<Review extends { name: 'review' }> =
  { name: 'starting' } | { name: 'live' } | { name: 'capturing' } | Review | { name: 'error'; problem: CameraProblem | 'capture-failed' };

/** Takes the photos from the live video; the holder is the one camera stream the modal has open. */
export type TakeShot<Review> = (shot: { holder: CameraHolder; video: HTMLVideoElement; facing: Facing }) => Promise<Review>;

export type CameraCapture<Review extends { name: 'review' }> = {
  phase: CameraPhase<Review>;
  setPhase: Dispatch<SetStateAction<CameraPhase<Review>>>;
  facing: Facing;
  videoRef: RefObject<HTMLVideoElement | null>;
  switchCamera: () => void;
  capture: () => Promise<void>;
  /** Back to the live camera: after rejected photos, or to try again after an error. */
  restart: () => void;
  /** Stops the camera now (the modal is closing). */
  stop: () => void;
};

/**
 * The state shared by the capture modals (dual or single shot): the live camera, its switch and the
 * shutter. `videoSize`: the ideal size asked of the camera (default: the action photos').
 */
export function useCameraCapture<Review extends { name: 'review' }>(
  takeShot: TakeShot<Review>,
  what: string,
  videoSize?: VideoSize,
): CameraCapture<Review> {
  const [phase, setPhase] = useState<CameraPhase<Review>>({ name: 'starting' });
  const [facing, setFacing] = useState<Facing>('environment'); // spec §2, §9: the rear camera by default
  const { videoRef, holderRef } = useLiveCamera(phase.name === 'starting', facing, setPhase, videoSize);

  const capture = async () => {
    const holder = holderRef.current;
    const video = videoRef.current;
    if (phase.name !== 'live' || !holder || !video) return;
    setPhase({ name: 'capturing' });
    try {
      const review = await takeShot({ holder, video, facing });
      holder.throwIfClosed();
      setPhase(review);
    } catch (error) {
      if (error instanceof CameraClosedError) return;
      console.error(`${what} capture failed`, error);
      holder.release();
      setPhase({ name: 'error', problem: 'capture-failed' });
    }
  };

  return {
    phase,
    setPhase,
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
