/** How long a camera may take to deliver its first frame before we give up on it. */
export const FIRST_FRAME_TIMEOUT_MS = 5000;

const hasFrame = (video: HTMLVideoElement) => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0;

/** Shows `stream` in `video` and resolves once a frame can be drawn; rejects after FIRST_FRAME_TIMEOUT_MS. */
export async function showStream(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream;
  try {
    await video.play();
  } catch {
    // Interrupted by the next srcObject, or autoplay refused: whether frames come is decided below.
  }
  await waitForFrame(video);
}

function waitForFrame(video: HTMLVideoElement): Promise<void> {
  if (hasFrame(video)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const events = ['loadeddata', 'playing', 'resize', 'timeupdate'] as const;
    const done = (finish: () => void) => {
      clearTimeout(timer);
      for (const event of events) video.removeEventListener(event, check);
      finish();
    };
    const check = () => {
      if (hasFrame(video)) done(resolve);
    };
    const timer = setTimeout(() => done(() => reject(new Error('The camera delivered no picture.'))), FIRST_FRAME_TIMEOUT_MS);
    for (const event of events) video.addEventListener(event, check);
  });
}

/** The current frame of `video` at the camera's own resolution. */
export function grabFrame(video: HTMLVideoElement): HTMLCanvasElement {
  if (!hasFrame(video)) throw new Error('The camera has no picture yet.');
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available.');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A copy of `source`: the last resort for the second photo when no camera opens again. */
export function copyCanvas(source: HTMLCanvasElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height;
  canvas.getContext('2d')?.drawImage(source, 0, 0);
  return canvas;
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `promise`, or a rejection after `ms`. A value that arrives too late goes to `onLate` (to stop a
 * camera stream nobody waits for any more).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onLate: (value: T) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`No answer within ${ms} ms.`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (timedOut) onLate(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
