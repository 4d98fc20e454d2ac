import type { FastifyBaseLogger } from 'fastify';
import type { ReadinessChecks } from '@promotor/contract';
import { databaseAnswers, type Db } from '../../db/kysely.ts';
import { missingMigrations } from '../../db/migrate.ts';
import type { S3Bucket } from '../../plugins/s3-bucket.ts';
import type { ShutdownState } from '../../plugins/shutdown.ts';

// /readyz's checks (decision 131). A load balancer asks every second or so, from each of its nodes:
// the database's two small queries are cheap, the bucket's HeadBucket is a call to another service,
// so its answer is kept for a few seconds. Each check is bounded: a probe that hangs tells a balancer
// no more than a 503, and later.

/** How long a bucket check's answer is reused. */
export const BUCKET_CHECK_TTL_MS = 5_000;
/** The longest one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessDeps = { db: Db; bucket: S3Bucket | null; shutdown: ShutdownState; now: () => Date; log: FastifyBaseLogger };

function within<T>(work: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type BucketState = ReadinessChecks['bucket'];

/** The bucket's state, asked at most once per BUCKET_CHECK_TTL_MS however many probes come. */
function cachedBucketCheck(bucket: S3Bucket | null, now: () => Date): () => Promise<BucketState> {
  if (!bucket) return async () => 'not-used';
  let kept: { at: number; state: BucketState } | null = null;
  let asking: Promise<BucketState> | null = null;
  return async () => {
    if (kept && now().getTime() - kept.at < BUCKET_CHECK_TTL_MS) return kept.state;
    asking ??= within(
      bucket.check().then(
        (): BucketState => 'ok',
        (): BucketState => 'unavailable',
      ),
      CHECK_TIMEOUT_MS,
      'unavailable',
    ).then((state) => {
      kept = { at: now().getTime(), state };
      asking = null;
      return state;
    });
    return asking;
  };
}

async function migrationsState(db: Db): Promise<ReadinessChecks['migrations']> {
  const missing = await within(
    missingMigrations(db).catch(() => null),
    CHECK_TIMEOUT_MS,
    null,
  );
  if (missing === null) return 'unknown';
  return missing.length ? 'pending' : 'ok';
}

/**
 * Ready: the database answers, the migrations are in, not closing. The bucket's state is reported but
 * never makes an instance unready: a bucket outage reaches every instance at once, and uploads ride it
 * out in the pending area (decision 130), whereas a balancer with every instance out serves nothing.
 * For the same reason a database that is only busy — no answer within the check's time, and no error:
 * every connection of the pool in use under a load spike — keeps the instance ready: all instances
 * share the one database, and failing them all would turn a slow minute into an outage. A database
 * that refuses or errs makes it unready.
 */
export const isReady = (c: ReadinessChecks) => ((c.database === 'ok' && c.migrations === 'ok') || c.database === 'busy') && !c.closing;

/** The checks of one probe; a change between ready and not ready is logged once, not at every probe. */
export function readinessCheck(deps: ReadinessDeps): () => Promise<ReadinessChecks> {
  const bucketState = cachedBucketCheck(deps.bucket, deps.now);
  let wasReady = true;
  return async () => {
    const answered = databaseAnswers(deps.db).then((ok): ReadinessChecks['database'] => (ok ? 'ok' : 'unavailable'));
    const [database, bucket] = await Promise.all([within(answered, CHECK_TIMEOUT_MS, 'busy'), bucketState()]);
    const checks: ReadinessChecks = {
      database,
      migrations: database === 'ok' ? await migrationsState(deps.db) : 'unknown',
      bucket,
      closing: deps.shutdown.closing,
    };
    const ready = isReady(checks);
    if (ready !== wasReady) {
      wasReady = ready;
      if (ready) deps.log.info({ checks }, 'ready again');
      else if (checks.closing) deps.log.info({ checks }, 'not ready: closing');
      else deps.log.warn({ checks }, 'not ready');
    }
    return checks;
  };
}
