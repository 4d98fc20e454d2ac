import { drawContained } from '../../../lib/images/draw-contained.ts';
import { compressImage } from '../../../lib/images/compress-image.ts';
import type { VideoSize } from '../camera/camera-streams.ts';
import { grabFrame } from '../camera/video-frames.ts';
import { useCameraCapture, type CameraCapture, type CameraPhase, type TakeShot } from './use-camera-capture.ts';

type SingleReview = { name: 'review'; photo: Blob };

export type SingleCameraPhase = CameraPhase<SingleReview>;

export type SingleCamera = CameraCapture<SingleReview>;

export type SingleShotSizes = {
  /** The ideal size asked of the camera; default the action photos' 1280×960. */
  videoSize?: VideoSize;
  /** The photo's exact size (the frame fitted inside it on white); default the frame's own, long side at most 1280. */
  photoSize?: VideoSize;
};

const takeOneOf =
  (photoSize: VideoSize | undefined): TakeShot<SingleReview> =>
  async ({ holder, video }) => {
    const frame = grabFrame(video);
    // The photo is taken: the camera light goes off while she looks at it.
    holder.release();
    if (!photoSize) return { name: 'review', photo: await compressImage(frame) };
    const photo = drawContained(frame, photoSize);
    return { name: 'review', photo: await compressImage(photo, { maxSide: Math.max(photoSize.width, photoSize.height) }) };
  };

/** The state of the single-shot camera (the photo survey's 'Aparat', the receipt): live camera, one photo, review. */
export function useSingleCamera({ videoSize, photoSize }: SingleShotSizes = {}): SingleCamera {
  return useCameraCapture(takeOneOf(photoSize), 'Camera', videoSize);
}
