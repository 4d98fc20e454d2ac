import { compressImage } from '../../../lib/images/compress-image.ts';
import type { Facing } from '../camera/camera-streams.ts';
import { takeDualShot } from '../camera/take-dual-shot.ts';
import { useCameraCapture, type CameraCapture, type CameraPhase, type TakeShot } from './use-camera-capture.ts';

export type ReviewPhoto = { facing: Facing; camera: Facing; blob: Blob };

/** photos[0] is the main (big) one. */
type DualReview = { name: 'review'; photos: readonly [ReviewPhoto, ReviewPhoto]; sameCamera: boolean };

export type DualCameraPhase = CameraPhase<DualReview>;

export type DualCamera = Omit<CameraCapture<DualReview>, 'setPhase'> & {
  /** The other photo becomes the main one. */
  swap: () => void;
};

const takePair: TakeShot<DualReview> = async ({ holder, video, facing }) => {
  const { main, other, sameCamera } = await takeDualShot({ holder, video, mainFacing: facing });
  const [mainBlob, otherBlob] = await Promise.all([compressImage(main.canvas), compressImage(other.canvas)]);
  return {
    name: 'review',
    photos: [
      { facing: main.facing, camera: main.camera, blob: mainBlob },
      { facing: other.facing, camera: other.camera, blob: otherBlob },
    ],
    sameCamera,
  };
};

/** The state of the dual-camera modal: the live camera, the capture, and the pair under review. */
export function useDualCamera(): DualCamera {
  const { setPhase, ...camera } = useCameraCapture(takePair, 'Dual-camera');
  const { phase } = camera;
  return {
    ...camera,
    swap: () => {
      if (phase.name !== 'review') return;
      setPhase({ ...phase, photos: [phase.photos[1], phase.photos[0]] });
    },
  };
}
