import type { FastifyBaseLogger } from 'fastify';

/**
 * Work an upload's answer does not wait for (issue 35: ingest at the bucket's pace): the thumbnail of a
 * stored photo, the photo's fingerprints and signals (issue 38). Tasks run one at a time, in the order
 * given, after the answer of the request that gave them: a burst of uploads (a morning's starts) is
 * answered first, its thumbnails follow. An upload's fingerprints come after its thumbnails because
 * they are given after them — a task must never wait for one given later (one at a time, it would wait
 * for good). A failure is logged, never thrown: what it makes is made again when missing (the thumbnail
 * at its first read, the fingerprints by the photo-fingerprints job).
 *
 * `settled()` resolves once nothing waits or runs: the app's close waits for it (SIGTERM's drain loses
 * none of it), and the tests' requests do (test/test-app.ts), so that they read what the upload made.
 */
export class AfterAnswer {
  private readonly queue: (() => Promise<void>)[] = [];
  private active: Promise<void> | null = null;
  private readonly idle: (() => void)[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  /** Runs `task` after the current answer and those given before; the promise settles when it is done (never rejects). */
  run(what: string, task: () => Promise<unknown>): Promise<void> {
    return new Promise<void>((resolve) => {
      this.queue.push(() =>
        task().then(
          () => resolve(),
          (error: unknown) => {
            this.log?.warn({ err: error }, `${what} failed after the answer (made again when missing)`);
            resolve();
          },
        ),
      );
      // The next turn of the event loop: the route's answer is on its way before any of it starts.
      if (!this.active) setImmediate(() => this.next());
    });
  }

  private next(): void {
    if (this.active) return;
    const task = this.queue.shift();
    if (!task) {
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    this.active = task().finally(() => {
      this.active = null;
      this.next();
    });
  }

  /** How many tasks wait or run (an upload's thumbnails are made before its answer past a bound: blob-store.ts). */
  get size(): number {
    return this.queue.length + (this.active ? 1 : 0);
  }

  /** Resolves once every task is done, those given meanwhile included. */
  settled(): Promise<void> {
    if (!this.size) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}
