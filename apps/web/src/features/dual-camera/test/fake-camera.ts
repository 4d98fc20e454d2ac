import { vi } from 'vitest';
import type { Facing } from '../camera/camera-streams.ts';

// A stand-in for navigator.mediaDevices and <video> in jsdom (unit tests only; real cameras are
// covered by Playwright with Chromium's fake device).

export type FakeCameraSpec = { label: string; facing?: Facing };

export type FakeCameraOptions = {
  /** Default: a rear and a front camera, like a phone. */
  cameras?: FakeCameraSpec[];
  /** Every getUserMedia call fails with a DOMException of this name (e.g. 'NotAllowedError'). */
  failWith?: string;
  /** Like many phones: while one camera streams, opening another fails with NotReadableError. */
  oneAtATime?: boolean;
};

type FakeCamera = FakeCameraSpec & { deviceId: string };

class FakeTrack extends EventTarget {
  readonly kind = 'video';
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly camera: FakeCamera) {
    super();
  }
  /** Like MediaStreamTrack.stop(): no 'ended' event. */
  stop() {
    this.readyState = 'ended';
  }
  /** The system takes the camera away (another app, revoked permission): 'ended' fires. */
  endBySystem() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
  getSettings() {
    return { deviceId: this.camera.deviceId, facingMode: this.camera.facing, width: 1280, height: 960 };
  }
}

class FakeStream {
  readonly track: FakeTrack;
  constructor(readonly camera: FakeCamera) {
    this.track = new FakeTrack(camera);
  }
  /** What the fake canvas writes into a photo of this stream. */
  get label() {
    return this.camera.label;
  }
  get live() {
    return this.track.readyState === 'live';
  }
  getTracks() {
    return [this.track];
  }
  getVideoTracks() {
    return [this.track];
  }
}

function pickCamera(cameras: FakeCamera[], constraints: MediaTrackConstraints): FakeCamera {
  const deviceId = (constraints.deviceId as ConstrainDOMStringParameters | undefined)?.exact;
  const facing = constraints.facingMode as ConstrainDOMStringParameters | undefined;
  const found = deviceId
    ? cameras.find((camera) => camera.deviceId === deviceId)
    : facing?.exact
      ? cameras.find((camera) => camera.facing === facing.exact)
      : (cameras.find((camera) => camera.facing === facing?.ideal) ?? cameras[0]);
  if (found) return found;
  throw new DOMException('No camera fits.', deviceId || facing?.exact ? 'OverconstrainedError' : 'NotFoundError');
}

/** Installs the fake camera; `uninstall` removes navigator.mediaDevices again. */
export function installFakeCamera(options: FakeCameraOptions = {}) {
  const specs = options.cameras ?? [
    { label: 'rear camera', facing: 'environment' },
    { label: 'front camera', facing: 'user' },
  ];
  const cameras: FakeCamera[] = specs.map((spec, index) => ({ ...spec, deviceId: `camera-${index}` }));
  const streams: FakeStream[] = [];

  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (options.failWith) throw new DOMException('Refused.', options.failWith);
    const camera = pickCamera(cameras, constraints.video as MediaTrackConstraints);
    if (options.oneAtATime && streams.some((stream) => stream.live)) throw new DOMException('Camera busy.', 'NotReadableError');
    const stream = new FakeStream(camera);
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  const enumerateDevices = vi.fn(async () =>
    cameras.map((camera) => ({
      kind: 'videoinput',
      deviceId: camera.deviceId,
      groupId: '',
      label: camera.label,
      getCapabilities: () => ({ facingMode: camera.facing ? [camera.facing] : [] }),
    })),
  );
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, enumerateDevices } });

  // jsdom's <video> never plays: pretend every attached stream delivers 1280×960 frames.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return this.srcObject ? HTMLMediaElement.HAVE_ENOUGH_DATA : HTMLMediaElement.HAVE_NOTHING;
  });
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockImplementation(function (this: HTMLVideoElement) {
    return this.srcObject ? 1280 : 0;
  });
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockImplementation(function (this: HTMLVideoElement) {
    return this.srcObject ? 960 : 0;
  });

  return {
    getUserMedia,
    /** Every stream opened so far, in order. */
    streams,
    liveStreams: () => streams.filter((stream) => stream.live),
    /** The labels of the cameras opened so far, in order. */
    opened: () => streams.map((stream) => stream.label),
    uninstall: () => {
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    },
  };
}

/** jsdom cannot make object URLs for its Blobs; these fakes count what is created and revoked. */
export function installFakeObjectUrls() {
  let next = 0;
  const live = new Set<string>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:fake-${(next += 1)}`;
    live.add(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    live.delete(url);
  });
  return { live };
}
