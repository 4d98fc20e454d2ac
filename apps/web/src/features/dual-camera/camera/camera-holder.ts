import { stopStream } from './camera-streams.ts';

/** The modal closed while a camera was being opened or a photo taken: nothing to show any more. */
export class CameraClosedError extends Error {
  override name = 'CameraClosedError';
}

/**
 * Owns the one camera stream the modal has open. A stream that arrives after the modal closed is
 * stopped at once, so the camera light always goes off (getUserMedia can resolve late).
 */
export class CameraHolder {
  #stream: MediaStream | null = null;
  #closed = false;

  get stream(): MediaStream | null {
    return this.#stream;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Takes `stream` as the open one, stopping the previous; stops it and throws once closed. */
  adopt(stream: MediaStream): MediaStream {
    if (this.#closed) {
      stopStream(stream);
      throw new CameraClosedError();
    }
    if (this.#stream !== stream) stopStream(this.#stream);
    this.#stream = stream;
    return stream;
  }

  throwIfClosed(): void {
    if (this.#closed) throw new CameraClosedError();
  }

  /** Stops the open stream; a later one may still be adopted. */
  release(): void {
    stopStream(this.#stream);
    this.#stream = null;
  }

  /** Stops the open stream and every one that arrives later. */
  close(): void {
    this.#closed = true;
    this.release();
  }
}
