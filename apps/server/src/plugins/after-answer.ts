import type { FastifyBaseLogger } from 'fastify';

/** How long a task waits for the uploads under way to end before it starts anyway. */
export const AFTER_ANSWER_MAX_HOLD_MS = 2_000;

/**
 * Work an upload's answer does not wait for (issue 35: ingest at the bucket's pace): the thumbnail of a
 * stored photo, the photo's fingerprints and signals (issue 38). Tasks run one at a time, in the order
 * given, after the answer of the request that gave them, and — while uploads are on their way or
 * storing their bytes (`hold()`) — only once they are done or the oldest task has waited AFTER_ANSWER_MAX_HOLD_MS: a burst
 * of uploads (a morning's starts) is answered first, its thumbnails follow. An upload's fingerprints
 * come after its thumbnails because they are given after them — a task must never wait for one given
 * later (one at a time, it would wait for good). A failure is logged, never thrown: what it makes is
 * made again when missing (the thumbnail at its first read, the fingerprints by the photo-fingerprints
 * job).
 *
 * `settled()` resolves once nothing waits or runs: the app's close waits for it (SIGTERM's drain loses
 * none of it), and the tests' requests do (test/test-app.ts), so that they read what the upload made.
 */
export class AfterAnswer {
  private readonly queue: { task: () => Promise<void>; at: number }[] = [];
  private active: Promise<void> | null = null;
  private readonly idle: (() => void)[] = [];
  private holds = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log?: FastifyBaseLogger,
    private readonly maxHoldMs = AFTER_ANSWER_MAX_HOLD_MS,
  ) {}

  /** Runs `task` after the current answer and those given before; the promise settles when it is done (never rejects). */
  run(what: string, task: () => Promise<unknown>): Promise<void> {
    return new Promise<void>((resolve) => {
      this.queue.push({
        at: Date.now(),
        task: () =>
          task().then(
            () => resolve(),
            (error: unknown) => {
              this.log?.warn({ err: error }, `${what} failed after the answer (made again when missing)`);
              resolve();
            },
          ),
      });
      if (!this.active) setImmediate(() => this.next());
    });
  }

  /** Holds back tasks not yet started until the returned release is called (an upload storing its bytes). */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (!this.holds) this.next();
    };
  }

  private next(): void {
    if (this.active) return;
    const first = this.queue[0];
    if (!first) {
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    const waited = Date.now() - first.at;
    if (this.holds > 0 && waited < this.maxHoldMs) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.next();
      }, this.maxHoldMs - waited);
      this.timer.unref();
      return;
    }
    this.queue.shift();
    this.active = first.task().finally(() => {
      this.active = null;
      this.next();
    });
  }

  /** How many holds are in force (uploads on their way or storing their bytes). */
  get holding(): number {
    return this.holds;
  }

  /** How many tasks wait or run (past a bound an upload makes its own thumbnail: blob-store.ts). */
  get size(): number {
    return this.queue.length + (this.active ? 1 : 0);
  }

  /** Resolves once every task is done, those given meanwhile included (holds do not delay it past their bound). */
  settled(): Promise<void> {
    if (!this.size) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}
