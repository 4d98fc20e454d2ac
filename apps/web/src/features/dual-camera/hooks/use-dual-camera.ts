import { useState, type RefObject } from 'react';
import { compressImage } from '../../../lib/images/compress-image.ts';
import { CameraClosedError } from '../camera/camera-holder.ts';
import { oppositeFacing, type CameraProblem, type Facing } from '../camera/camera-streams.ts';
import { takeDualShot } from '../camera/take-dual-shot.ts';
import { useLiveCamera } from './use-live-camera.ts';

export type ReviewPhoto = { facing: Facing; camera: Facing; blob: Blob };

export type DualCameraPhase =
  | { name: 'starting' }
  | { name: 'live' }
  | { name: 'capturing' }
  /** photos[0] is the main (big) one. */
  | { name: 'review'; photos: readonly [ReviewPhoto, ReviewPhoto]; sameCamera: boolean }
  | { name: 'error'; problem: CameraProblem | 'capture-failed' };

export type DualCamera = {
  phase: DualCameraPhase;
  mainFacing: Facing;
  videoRef: RefObject<HTMLVideoElement | null>;
  switchCamera: () => void;
  capture: () => Promise<void>;
  swap: () => void;
  /** Back to the live camera: after a rejected pair, or to try again after an error. */
  restart: () => void;
  /** Stops the camera now (the modal is closing). */
  stop: () => void;
};

/** The state of the dual-camera modal: the live camera, the capture, and the pair under review. */
export function useDualCamera(): DualCamera {
  const [phase, setPhase] = useState<DualCameraPhase>({ name: 'starting' });
  const [mainFacing, setMainFacing] = useState<Facing>('environment'); // spec §2: rear by default
  const { videoRef, holderRef } = useLiveCamera(phase.name === 'starting', mainFacing, setPhase);

  const capture = async () => {
    const holder = holderRef.current;
    const video = videoRef.current;
    if (phase.name !== 'live' || !holder || !video) return;
    setPhase({ name: 'capturing' });
    try {
      const { main, other, sameCamera } = await takeDualShot({ holder, video, mainFacing });
      const [mainBlob, otherBlob] = await Promise.all([compressImage(main.canvas), compressImage(other.canvas)]);
      holder.throwIfClosed();
      setPhase({
        name: 'review',
        photos: [
          { facing: main.facing, camera: main.camera, blob: mainBlob },
          { facing: other.facing, camera: other.camera, blob: otherBlob },
        ],
        sameCamera,
      });
    } catch (error) {
      if (error instanceof CameraClosedError) return;
      console.error('Dual-camera capture failed', error);
      holder.release();
      setPhase({ name: 'error', problem: 'capture-failed' });
    }
  };

  return {
    phase,
    mainFacing,
    videoRef,
    switchCamera: () => {
      if (phase.name !== 'live') return;
      setMainFacing(oppositeFacing);
      setPhase({ name: 'starting' });
    },
    capture,
    swap: () => {
      if (phase.name !== 'review') return;
      setPhase({ ...phase, photos: [phase.photos[1], phase.photos[0]] });
    },
    restart: () => setPhase({ name: 'starting' }),
    stop: () => holderRef.current?.release(),
  };
}
