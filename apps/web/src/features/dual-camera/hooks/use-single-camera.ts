import { compressImage } from '../../../lib/images/compress-image.ts';
import { grabFrame } from '../camera/video-frames.ts';
import { useCameraCapture, type CameraCapture, type CameraPhase, type TakeShot } from './use-camera-capture.ts';

type SingleReview = { name: 'review'; photo: Blob };

export type SingleCameraPhase = CameraPhase<SingleReview>;

export type SingleCamera = CameraCapture<SingleReview>;

const takeOne: TakeShot<SingleReview> = async ({ holder, video }) => {
  const canvas = grabFrame(video);
  // The photo is taken: the camera light goes off while she looks at it.
  holder.release();
  return { name: 'review', photo: await compressImage(canvas) };
};

/** The state of the single-shot camera (the photo survey's 'Aparat'): live camera, one photo, review. */
export function useSingleCamera(): SingleCamera {
  return useCameraCapture(takeOne, 'Camera');
}
