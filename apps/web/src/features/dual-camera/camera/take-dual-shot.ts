import { SECOND_SHOT_DELAY_MS } from '@promotor/contract/constants';
import { CameraClosedError, type CameraHolder } from './camera-holder.ts';
import { deviceIdOf, listCameras, openCamera, openOtherCamera, oppositeFacing, stopStream, type Facing } from './camera-streams.ts';
import { copyCanvas, delay, grabFrame, showStream, withTimeout } from './video-frames.ts';

/** How long the second camera may take to open before the second photo comes from the main one. */
export const SECOND_CAMERA_TIMEOUT_MS = 5000;

export type Shot = {
  /** The side this photo stands for in the upload: front ('user') or rear ('environment'). */
  facing: Facing;
  /** The camera that really took it; differs from `facing` when the second camera could not open. */
  camera: Facing;
  canvas: HTMLCanvasElement;
};

export type DualShot = { main: Shot; other: Shot; sameCamera: boolean };

type TakeDualShotOptions = {
  holder: CameraHolder;
  /** Shows the main camera's live stream now; shows the second camera while its photo is taken. */
  video: HTMLVideoElement;
  mainFacing: Facing;
};

/**
 * spec §2 Dual-camera capture modal: the main photo from the live stream, then, about 150 ms after the
 * second camera shows a picture, one from the other camera. Where no second camera opens, the second
 * photo comes from the main camera (sameCamera) — the flow is never blocked.
 * Leaves the camera stopped.
 */
export async function takeDualShot({ holder, video, mainFacing }: TakeDualShotOptions): Promise<DualShot> {
  const otherFacing = oppositeFacing(mainFacing);
  const main: Shot = { facing: mainFacing, camera: mainFacing, canvas: grabFrame(video) };
  const sameCameraShot = async (): Promise<DualShot> => {
    await delay(SECOND_SHOT_DELAY_MS);
    holder.throwIfClosed();
    return { main, other: { facing: otherFacing, camera: mainFacing, canvas: grabFrame(video) }, sameCamera: true };
  };

  try {
    if ((await listCameras()).length === 1) return await sameCameraShot();

    const mainDeviceId = deviceIdOf(holder.stream);
    // A second camera cannot always be opened while the first stream is live (device-dependent),
    // so we stop the first track before asking for the other facingMode.
    holder.release();
    try {
      const stream = await withTimeout(openOtherCamera(otherFacing, mainDeviceId), SECOND_CAMERA_TIMEOUT_MS, stopStream);
      await showStream(video, holder.adopt(stream));
      await delay(SECOND_SHOT_DELAY_MS);
      holder.throwIfClosed();
      return { main, other: { facing: otherFacing, camera: otherFacing, canvas: grabFrame(video) }, sameCamera: false };
    } catch (error) {
      if (error instanceof CameraClosedError) throw error;
    }

    try {
      await showStream(video, holder.adopt(await openCamera(mainFacing)));
      return await sameCameraShot();
    } catch (error) {
      if (error instanceof CameraClosedError) throw error;
      // Not even the main camera opens again: the main photo stands in for both rather than losing it.
      return { main, other: { facing: otherFacing, camera: mainFacing, canvas: copyCanvas(main.canvas) }, sameCamera: true };
    }
  } finally {
    holder.release();
  }
}
