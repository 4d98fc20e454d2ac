import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PENDING_WARN_MS, type BlobStore } from './blob-store.ts';
import type { JobRunSink } from './scheduled-jobs.ts';

/** The drain's name in /metrics' job series (decision 132). */
export const BLOB_DRAIN_JOB = 'blob-drain';

/** How often the log may repeat its warning about files waiting too long. */
const WARN_EVERY_MS = 5 * 60_000;

/**
 * The drain (decision 130): every instance, every `everyMs`, moves the files waiting in the pending area
 * to the bucket (BlobStore.drainOnce claims each file for one instance) and retries the bucket deletions
 * that are due; the log warns while the oldest waiting file is older than 10 minutes. Rounds never
 * overlap in one instance; on close the timer stops and a round in flight ends before the database closes.
 * Each round is a run of the job 'blob-drain' in `metrics`: failed when it threw or any file in it
 * failed to move or be deleted (a round with nothing due succeeds: the pending files' age tells an outage).
 */
export function scheduleBlobDrain(app: FastifyInstance, store: BlobStore, everyMs: number, now: () => Date, metrics?: JobRunSink): void {
  if (!store.bucket || everyMs <= 0) return;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let running: Promise<void> | null = null;
  let warnedAt = 0;
  const round = async () => {
    const done = await store.drainOnce(holder);
    if (done.uploaded || done.failed || done.deleted || done.deleteFailed) app.log.info({ drain: done }, 'files moved to the bucket');
    const pending = await store.pending();
    const waited = pending.oldestAt ? now().getTime() - Date.parse(pending.oldestAt) : 0;
    if (waited > PENDING_WARN_MS && Date.now() - warnedAt > WARN_EVERY_MS) {
      warnedAt = Date.now();
      app.log.warn({ pending }, `${pending.count} file(s) have waited over 10 minutes for the bucket (BLOB_STORE=s3): is it reachable?`);
    }
    metrics?.recordRun(BLOB_DRAIN_JOB, done.failed || done.deleteFailed ? 'failed' : 'ran', now());
  };
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((err: unknown) => {
        metrics?.recordRun(BLOB_DRAIN_JOB, 'failed', now());
        app.log.error({ err }, 'the drain of files to the bucket failed');
      })
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
