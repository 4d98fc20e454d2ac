import { ACTION_PHOTO_HEIGHT, ACTION_PHOTO_WIDTH } from '@promotor/contract/constants';

/** Which way a camera looks: 'environment' is the rear camera, 'user' the front (selfie) one. */
export type Facing = 'environment' | 'user';

export const oppositeFacing = (facing: Facing): Facing => (facing === 'environment' ? 'user' : 'environment');

/** Why the camera could not be used; the modal shows a Polish message for each. */
export type CameraProblem = 'denied' | 'not-found' | 'busy' | 'unsupported' | 'failed';

/** getUserMedia is missing: an old browser, or a page not served over HTTPS. */
export class CameraUnsupportedError extends Error {
  override name = 'CameraUnsupportedError';
}

/** A picture's size in pixels. */
export type VideoSize = { width: number; height: number };

/** spec §9: action photos ideal 4:3, 1280 by 960 (the webform's receipt asks for 1600 by 1100). */
export const ACTION_VIDEO_SIZE: VideoSize = { width: ACTION_PHOTO_WIDTH, height: ACTION_PHOTO_HEIGHT };

// Ideal, not exact: a camera that cannot do it still works.
const idealSize = ({ width, height }: VideoSize) =>
  ({ width: { ideal: width }, height: { ideal: height }, aspectRatio: { ideal: width / height } }) satisfies MediaTrackConstraints;

function getUserVideo(video: MediaTrackConstraints, size: VideoSize = ACTION_VIDEO_SIZE): Promise<MediaStream> {
  const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
  if (!mediaDevices?.getUserMedia) return Promise.reject(new CameraUnsupportedError());
  return mediaDevices.getUserMedia({ audio: false, video: { ...idealSize(size), ...video } });
}

/**
 * Opens the camera facing `facing`. 'ideal' falls back to any camera (a laptop's webcam, Chromium's
 * fake device: neither says which way it faces); 'exact' fails where there is no such camera.
 */
export function openCamera(facing: Facing, match: 'ideal' | 'exact' = 'ideal', size?: VideoSize): Promise<MediaStream> {
  return getUserVideo({ facingMode: { [match]: facing } }, size);
}

export function openCameraById(deviceId: string): Promise<MediaStream> {
  return getUserVideo({ deviceId: { exact: deviceId } });
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function deviceIdOf(stream: MediaStream | null | undefined): string | undefined {
  return stream?.getVideoTracks()[0]?.getSettings().deviceId || undefined;
}

/** The cameras the browser lists (complete once camera permission is granted); [] when it cannot say. */
export async function listCameras(): Promise<MediaDeviceInfo[]> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.filter((device) => device.kind === 'videoinput');
  } catch {
    return [];
  }
}

/** The facings a listed camera reports; [] when unknown (no getCapabilities, or a camera that does not say). */
function facingsOf(device: MediaDeviceInfo): string[] {
  const withCapabilities = device as MediaDeviceInfo & { getCapabilities?: () => MediaTrackCapabilities };
  try {
    return withCapabilities.getCapabilities?.().facingMode ?? [];
  } catch {
    return [];
  }
}

/**
 * Opens a camera other than `mainDeviceId` for the photo facing `facing`: the camera that says it faces
 * that way, else (cameras that do not tell their facing, like two webcams) another listed camera that
 * does not face the main camera's way. Rejects when there is none.
 */
export async function openOtherCamera(facing: Facing, mainDeviceId: string | undefined): Promise<MediaStream> {
  try {
    const stream = await openCamera(facing, 'exact');
    if (!mainDeviceId || deviceIdOf(stream) !== mainDeviceId) return stream;
    stopStream(stream); // the same camera again: a webcam that claims to face both ways
  } catch {
    // no camera reports this facing; look for another one below
  }
  const other = (await listCameras()).find((camera) => {
    const facings = facingsOf(camera);
    return camera.deviceId && camera.deviceId !== mainDeviceId && (facings.length === 0 || facings.includes(facing));
  });
  if (!other) throw new DOMException('No second camera.', 'NotFoundError');
  return openCameraById(other.deviceId);
}

/** Sorts a getUserMedia failure into what the user can do about it. */
export function cameraProblemOf(error: unknown): CameraProblem {
  if (error instanceof CameraUnsupportedError) return 'unsupported';
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not-found';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'busy';
    default:
      return 'failed';
  }
}
