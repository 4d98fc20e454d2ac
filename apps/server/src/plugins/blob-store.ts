import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/kysely.ts';
import { AppError } from '../lib/app-error.ts';
import { sha256, sha256OffThread } from '../lib/crypto.ts';
import { sniffImageType } from '../lib/image-type.ts';
import type { BlobSettings } from '../config/env.ts';
import { S3Bucket } from './s3-bucket.ts';
import { checkKey, localBytesOf, type LocalBytes } from './storage.ts';
import { AfterAnswer } from './after-answer.ts';
import { makeThumbnail } from './thumbnails.ts';

// Every byte kept as a file goes through here (issue 35, decision 130). Each file has a row in
// blob_objects: its hash, size, type, thumbnail, and where its bytes are. With BLOB_STORE=file or
// database they stay local (LocalBytes). With s3 an upload is answered only when its bytes are durable:
// in the bucket, or — the bucket down or slower than INGEST_TIMEOUT_MS — in the local pending area,
// from which drainOnce (every instance, every few seconds) moves them: one claimant per row (a lease in
// the row, taken by one UPDATE), the bucket's copy confirmed, then the row says 's3' and the local
// bytes go. A crash between any two steps leaves either the local bytes or the confirmed object, both
// under the one key the row names; a repeated upload writes the same key again.

export type BlobMode = 'file' | 'database' | 's3';

/** What a serve call answers: the bytes, or the bucket's presigned address to follow. */
export type OpenedBlob = { kind: 'bytes'; data: Buffer; contentType: string } | { kind: 'redirect'; url: string };

/**
 * How many tasks may wait after their answers (thumbnails, fingerprints: a task holds its photo's bytes,
 * ~1–4 MB) before an upload makes its own thumbnail before its answer.
 */
export const AFTER_ANSWER_MAX_WAITING = 64;

/** How long an upload waits for the bucket before its bytes go to the pending area instead. */
export const INGEST_TIMEOUT_MS = 3_000;
/** A drain's claim on a row: far above one upload's bound; a crashed claimant's runs out. */
export const DRAIN_LEASE_MS = 2 * 60_000;
/** The backoff of a failed try: 5 s, doubled per attempt, at most 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
/** The log warns when the oldest waiting file is older than this (the bound). */
export const PENDING_WARN_MS = 10 * 60_000;

export type BlobStoreOptions = {
  db: Db;
  mode: BlobMode;
  local: LocalBytes;
  bucket: S3Bucket | null;
  now: () => Date;
  log?: FastifyBaseLogger;
  ingestTimeoutMs?: number;
};

/** A file's row in blob_objects as an upload writes it. */
type BlobRow = {
  key: string;
  sha256: string;
  size: number;
  content_type: string;
  created_at: string;
  thumbnail: Buffer | null;
  location: 'local' | 's3';
  stored_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
};

/** A file's bytes as storeBytes kept them: its row, and the ETag of the bucket's PUT when the bucket took them (confirmed after the answer). */
type Kept = { row: BlobRow; etag?: string | null };

export type PendingSummary = { count: number; oldestAt: string | null; bytes: number };
export type DrainResult = { uploaded: number; failed: number; deleted: number; deleteFailed: number };

/** A bucket object that could not be removed now: it is listed and retried, and what waits on it is not done. */
export class BlobDeletionPending extends AppError {
  constructor(readonly key: string) {
    super('E_STORAGE_UNAVAILABLE');
  }
}

export class BlobStore {
  readonly mode: BlobMode;
  private readonly db: Db;
  private readonly local: LocalBytes;
  readonly bucket: S3Bucket | null;
  private readonly now: () => Date;
  private readonly log?: FastifyBaseLogger;
  private readonly ingestTimeoutMs: number;
  /** The work after an upload's answer: its thumbnails here, its photos' fingerprints (action-files). */
  readonly afterAnswer: AfterAnswer;
  /** The thumbnails being made after their upload's answer, by key: a read waits for its own. */
  private readonly thumbnailsUnderWay = new Map<string, Promise<void>>();

  constructor(o: BlobStoreOptions) {
    if (o.mode === 's3' && !o.bucket) throw new Error('BLOB_STORE=s3 needs a bucket');
    this.mode = o.mode;
    this.db = o.db;
    this.local = o.local;
    this.bucket = o.mode === 's3' ? o.bucket : null;
    this.now = o.now;
    this.log = o.log;
    this.ingestTimeoutMs = o.ingestTimeoutMs ?? INGEST_TIMEOUT_MS;
    this.afterAnswer = new AfterAnswer(o.log);
  }

  /** The local side (the pending area with s3): the migration command reads and writes it. */
  get localBytes(): LocalBytes {
    return this.local;
  }

  /** One file and its row alone: putThenWrite with nothing else to write (the seeds, the tests). */
  async put(key: string, data: Buffer, contentType?: string): Promise<void> {
    await this.putThenWrite([{ key, data, contentType }], async () => {});
  }

  /**
   * Keeps the files' bytes (side by side: the hashes and the bucket's PUTs of a front and a rear photo
   * overlap), then registers them and runs `write` in one transaction: an upload commits once, its
   * files' rows with its own (issue 35: a commit fewer before the answer). If a file could not be kept
   * or `write` fails, nothing names the kept bytes and they are removed as any file is. Resolves when
   * the bytes are durable and the rows committed. An image's thumbnail is made right after the answer
   * (AfterAnswer: a 12 MP decode the phone need not wait for) from the bytes still in memory, and kept
   * beside the row, so the back office's lists never wait for the bucket; a read before it is made waits
   * for it (thumbnail()).
   */
  async putThenWrite<T>(blobs: readonly { key: string; data: Buffer; contentType?: string }[], write: (trx: Db) => Promise<T>): Promise<T> {
    // One row a key: PostgreSQL's upsert refuses a key twice in one statement, SQLite's would keep the last.
    if (new Set(blobs.map((blob) => blob.key)).size !== blobs.length) throw new Error('putThenWrite: a key given twice');
    // While their bytes are stored, the work after other answers waits (AfterAnswer.hold): answers first.
    const release = this.afterAnswer.hold();
    let kept: Kept[] = [];
    let result: T;
    try {
      const settled = await Promise.allSettled(
        blobs.map((blob) =>
          this.storeBytes(blob.key, blob.data, blob.contentType ?? sniffImageType(blob.data) ?? 'application/octet-stream'),
        ),
      );
      kept = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      result = await this.db.transaction().execute(async (trx) => {
        await this.register(
          trx,
          kept.map((k) => k.row),
        );
        return write(trx);
      });
    } catch (error) {
      // Nothing names them: removed as any file is (delete needs no row; with a bucket the object is
      // listed in blob_deletions until the bucket confirms it is gone).
      await Promise.allSettled(kept.map(({ row }) => this.delete(row.key)));
      throw error;
    } finally {
      release();
    }
    blobs.forEach((blob, i) => {
      const { row, etag } = kept[i]!;
      this.afterTheAnswer(row, blob.data, row.content_type.startsWith('image/') && !row.thumbnail, etag);
    });
    return result;
  }

  /**
   * What follows a file's answer (AfterAnswer), one task a file — the bound AFTER_ANSWER_MAX_WAITING
   * counts the files held in memory: an image's thumbnail, made from the bytes still in memory and kept
   * beside its row (a read of it waits for it); then, when the bucket took the bytes, the confirmation
   * of its copy there (confirmCopy). Either failing does not stop the other.
   */
  private afterTheAnswer(row: BlobRow, data: Buffer, thumbnail: boolean, etag: string | null | undefined) {
    if (!thumbnail && etag === undefined) return;
    const task = this.afterAnswer.run("the work after an upload's answer", async () => {
      const failures: unknown[] = [];
      if (thumbnail) {
        try {
          const made = await makeThumbnail(data);
          if (made) await this.db.updateTable('blob_objects').set({ thumbnail: made }).where('key', '=', row.key).execute();
        } catch (error) {
          failures.push(error);
        }
      }
      if (etag !== undefined) await this.confirmCopy(row, data, etag).catch((error: unknown) => failures.push(error));
      if (failures.length) throw failures[0];
    });
    if (!thumbnail) return;
    this.thumbnailsUnderWay.set(row.key, task);
    void task.finally(() => {
      if (this.thumbnailsUnderWay.get(row.key) === task) this.thumbnailsUnderWay.delete(row.key);
    });
  }

  /**
   * Confirms the bucket's copy of an upload after its answer (S3Bucket.confirm: its ETag against the
   * bytes' MD5; decision 141). Should the bucket hold other bytes, they are sent again at once, confirmed
   * before anything else (S3Bucket.put); failing that, they go to the pending area and the row says so:
   * reads are served from there, and the drain sends them again. A server that checks the signature's
   * payload hash has refused a damaged body before the answer.
   */
  private async confirmCopy(row: BlobRow, data: Buffer, etag: string | null): Promise<void> {
    try {
      await this.bucket!.confirm(row.key, data, etag);
      return;
    } catch (error) {
      this.log?.warn({ key: row.key, err: error }, 'the bucket did not confirm an upload: its bytes are sent again');
    }
    try {
      await this.bucket!.put(row.key, data, row.content_type, { sha256: row.sha256 });
      return;
    } catch (error) {
      try {
        await this.local.put(row.key, data);
        const moved = await this.db
          .updateTable('blob_objects')
          .set({ location: 'local', stored_at: null, next_attempt_at: this.now().toISOString(), last_error: describe(error), attempts: 0 })
          .where('key', '=', row.key)
          .where('location', '=', 's3')
          .where('sha256', '=', row.sha256)
          .executeTakeFirst();
        // Erased (or stored again) meanwhile: the copy just kept is nobody's.
        if (Number(moved.numUpdatedRows) === 0 && (await this.row(row.key))?.location !== 'local') await this.local.delete(row.key);
        this.log?.error({ key: row.key, err: error }, "the bucket's copy of an upload is not its bytes: they wait in the pending area");
      } catch (failure) {
        this.log?.error(
          { key: row.key, err: failure, cause: error },
          "the bucket's copy of an upload is not its bytes, and they could not be kept in the pending area: npm run blobs -- verify names it",
        );
        throw failure;
      }
    }
  }

  /**
   * Keeps the bytes where they belong (the bucket, else the pending area; or local) and says the row
   * that names them, and — when the bucket took them — the ETag its confirmation needs.
   */
  private async storeBytes(key: string, data: Buffer, contentType: string): Promise<Kept> {
    checkKey(key);
    // Past a bound this upload makes its own thumbnail before its answer: a flood slows down instead
    // of holding ever more photos in memory for the work after their answers.
    // Its copy in the bucket is then confirmed before the answer too (S3Bucket.put), not after it.
    const flood = this.afterAnswer.size >= AFTER_ANSWER_MAX_WAITING;
    const thumbnail = contentType.startsWith('image/') && flood ? await makeThumbnail(data) : null;
    const at = this.now().toISOString();
    // Hashed here, not on the thread pool (sha256OffThread): with the CPU's SHA instructions a photo's
    // hash (~0.6 ms a MB) costs the event loop less than the copy the thread pool's job takes of it, and
    // the garbage that copy leaves (bench:blobs, decision 141).
    const row = { key, sha256: sha256(data), size: data.length, content_type: contentType, created_at: at, thumbnail };
    if (this.bucket) {
      try {
        const stored = { ...row, location: 's3' as const, stored_at: at, next_attempt_at: null, last_error: null };
        const put = { timeoutMs: this.ingestTimeoutMs, sha256: row.sha256 };
        if (flood) {
          await this.bucket.put(key, data, contentType, put);
          return { row: stored };
        }
        return { row: stored, etag: (await this.bucket.send(key, data, contentType, put)).etag };
      } catch (error) {
        this.log?.warn({ key, err: error }, 'the bucket did not take an upload: its bytes wait in the pending area');
        await this.local.put(key, data);
        return { row: { ...row, location: 'local', stored_at: null, next_attempt_at: at, last_error: describe(error) } };
      }
    }
    await this.local.put(key, data);
    return { row: { ...row, location: 'local', stored_at: at, next_attempt_at: null, last_error: null } };
  }

  /** Writes the files' rows in one statement; a key written again (a repeated upload) is overwritten. */
  private async register(db: Db, rows: readonly BlobRow[]): Promise<void> {
    if (!rows.length) return;
    await db
      .insertInto('blob_objects')
      .values(rows.map((row) => ({ ...row, attempts: 0 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          sha256: eb.ref('excluded.sha256'),
          size: eb.ref('excluded.size'),
          content_type: eb.ref('excluded.content_type'),
          location: eb.ref('excluded.location'),
          stored_at: eb.ref('excluded.stored_at'),
          next_attempt_at: eb.ref('excluded.next_attempt_at'),
          last_error: eb.ref('excluded.last_error'),
          thumbnail: eb.ref('excluded.thumbnail'),
          attempts: 0,
          claimed_by: null,
          claimed_until: null,
        })),
      )
      .execute();
  }

  private row(key: string) {
    return this.db
      .selectFrom('blob_objects')
      .select(['key', 'location', 'content_type', 'sha256', 'size'])
      .where('key', '=', checkKey(key))
      .executeTakeFirst();
  }

  /**
   * The bytes, wherever they are (the migration, verify, and a serve without a bucket). A file stored
   * before the register (no row) is local.
   */
  async get(key: string): Promise<Buffer | null> {
    const row = await this.row(key);
    if (row?.location === 's3') return this.bucket ? this.bucket.get(key) : null;
    const data = await this.local.get(key);
    if (data || !row) return data;
    // The drain moved it between the two reads.
    return (await this.row(key))?.location === 's3' && this.bucket ? this.bucket.get(key) : null;
  }

  /** What a serve call answers (every check of who may see it is the caller's, before this). */
  async open(key: string, contentType: string): Promise<OpenedBlob | null> {
    for (let read = 0; read < 2; read += 1) {
      const row = await this.row(key);
      if (row?.location === 's3') {
        if (!this.bucket) return null;
        return { kind: 'redirect', url: await this.bucket.presignedGet(key, row.content_type, this.now()) };
      }
      const data = await this.local.get(key);
      if (data) return { kind: 'bytes', data, contentType: row?.content_type ?? contentType };
      if (!row) return null;
    }
    return null;
  }

  /**
   * The small WebP of an image (made at upload; for a file stored before the register, or one whose
   * thumbnail could not be made then, made now from the bytes when they can be read, and kept).
   */
  async thumbnail(key: string): Promise<Buffer | null> {
    await this.thumbnailsUnderWay.get(checkKey(key));
    const row = await this.db
      .selectFrom('blob_objects')
      .select(['thumbnail', 'location'])
      .where('key', '=', checkKey(key))
      .executeTakeFirst();
    if (row?.thumbnail) return Buffer.from(row.thumbnail);
    let data: Buffer | null;
    try {
      data = await this.get(key);
    } catch {
      return null; // the bucket is down: the page shows its placeholder
    }
    const thumbnail = data && (await makeThumbnail(data));
    if (thumbnail && row) await this.db.updateTable('blob_objects').set({ thumbnail }).where('key', '=', key).execute();
    return thumbnail || null;
  }

  /**
   * Removes the file: its row, its local bytes and its bucket object. Throws BlobDeletionPending when
   * the bucket did not confirm: the object stays listed in blob_deletions and the drain retries it.
   */
  async delete(key: string): Promise<void> {
    checkKey(key);
    const row = await this.row(key);
    if (this.bucket || row?.location === 's3') {
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('blob_objects').where('key', '=', key).execute();
        await trx
          .insertInto('blob_deletions')
          .values({ key, requested_at: this.now().toISOString(), attempts: 0, next_attempt_at: this.now().toISOString(), last_error: null })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      });
      await this.local.delete(key);
      if (!(await this.removeObject(key))) throw new BlobDeletionPending(key);
      return;
    }
    await this.local.delete(key);
    await this.db.deleteFrom('blob_objects').where('key', '=', key).execute();
  }

  /** Which of these keys still have a bucket object waiting to be removed. */
  async deletionsPending(keys: readonly string[]): Promise<string[]> {
    if (!keys.length) return [];
    return (await this.db.selectFrom('blob_deletions').select('key').where('key', 'in', keys).execute()).map((r) => r.key);
  }

  /** What a failed try of an upload or a deletion records: its count, when to try again (the backoff), why. */
  private failedTry(attempts: number, error: unknown) {
    return {
      attempts,
      next_attempt_at: new Date(this.now().getTime() + retryDelayMs(attempts)).toISOString(),
      last_error: describe(error),
    };
  }

  /** One try at a listed deletion; true when the bucket confirmed it (and the listing is gone). */
  private async removeObject(key: string): Promise<boolean> {
    if (!this.bucket) {
      // Without a bucket nothing can be removed there; the listing waits for BLOB_STORE=s3 again.
      await this.deletionFailed(key, new Error('BLOB_STORE is not s3'));
      return false;
    }
    try {
      await this.bucket.delete(key);
      await this.db.deleteFrom('blob_deletions').where('key', '=', key).execute();
      return true;
    } catch (error) {
      await this.deletionFailed(key, error);
      return false;
    }
  }

  private async deletionFailed(key: string, error: unknown) {
    const row = await this.db.selectFrom('blob_deletions').select('attempts').where('key', '=', key).executeTakeFirst();
    const attempts = (row?.attempts ?? 0) + 1;
    await this.db.updateTable('blob_deletions').set(this.failedTry(attempts, error)).where('key', '=', key).execute();
  }

  /**
   * One round of the drain: claims up to `limit` waiting files that are due (one UPDATE; on PostgreSQL
   * the candidates are read FOR UPDATE SKIP LOCKED, so instances never wait on each other's rows),
   * uploads each and confirms it, then retries the listed deletions that are due.
   */
  async drainOnce(holder: string, limit = 20): Promise<DrainResult> {
    const result: DrainResult = { uploaded: 0, failed: 0, deleted: 0, deleteFailed: 0 };
    if (!this.bucket) return result;
    for (const key of await this.claim(holder, limit)) {
      if (await this.upload(key, holder)) result.uploaded += 1;
      else result.failed += 1;
    }
    const nowIso = this.now().toISOString();
    const due = await this.db
      .selectFrom('blob_deletions')
      .select('key')
      .where('next_attempt_at', '<=', nowIso)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    for (const { key } of due) {
      if (await this.removeObject(key)) result.deleted += 1;
      else result.deleteFailed += 1;
    }
    return result;
  }

  private async claim(holder: string, limit: number): Promise<string[]> {
    const now = this.now();
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + DRAIN_LEASE_MS).toISOString();
    const due = this.db
      .selectFrom('blob_objects')
      .select('key')
      .where('location', '=', 'local')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    // PostgreSQL: the candidates read once, as an array (an InitPlan). Written as `key in (select …
    // limit n for update skip locked)` the planner may run the subquery again for each row it updates,
    // each run skipping what the last one locked — one round then claimed every waiting file. SQLite has
    // one writer and runs a plain IN subquery once.
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    const claimed = await this.db
      .updateTable('blob_objects')
      .set({ claimed_by: holder, claimed_until: until })
      .where('key', postgres ? '=' : 'in', postgres ? sql<string>`any(array(${due.forUpdate().skipLocked()}))` : due)
      .where('location', '=', 'local')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
      .returning('key')
      .execute();
    return claimed.map((r) => r.key);
  }

  /** Uploads one claimed file and confirms it; false (and the row's backoff) when anything failed. */
  private async upload(key: string, holder: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blob_objects')
      .select(['sha256', 'content_type', 'attempts'])
      .where('key', '=', key)
      .where('claimed_by', '=', holder)
      .executeTakeFirst();
    if (!row) return false;
    try {
      const data = await this.local.get(key);
      if (!data) throw new Error('its bytes are not in the pending area');
      if ((await sha256OffThread(data)) !== row.sha256) throw new Error('its bytes in the pending area do not match their hash');
      await this.bucket!.put(key, data, row.content_type, { sha256: row.sha256 });
      const moved = await this.db
        .updateTable('blob_objects')
        .set({
          location: 's3',
          stored_at: this.now().toISOString(),
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          next_attempt_at: null,
        })
        .where('key', '=', key)
        .where('claimed_by', '=', holder)
        .where('location', '=', 'local')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        // Deleted (or taken over) while it was uploading: what was uploaded is nobody's now.
        if (!(await this.row(key))) await this.delete(key).catch(() => undefined);
        return false;
      }
      await this.local.delete(key);
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      await this.db
        .updateTable('blob_objects')
        .set({ ...this.failedTry(attempts, error), claimed_by: null, claimed_until: null })
        .where('key', '=', key)
        .where('claimed_by', '=', holder)
        .execute();
      return false;
    }
  }

  /** What waits for the bucket: how many files, their bytes, and since when the oldest (the back office's health). */
  async pending(): Promise<PendingSummary> {
    if (!this.bucket) return { count: 0, oldestAt: null, bytes: 0 };
    const row = await this.db
      .selectFrom('blob_objects')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.min('created_at').as('oldest'),
        eb.fn.sum<string | number | null>('size').as('bytes'),
      ])
      .where('location', '=', 'local')
      // What the drain will move: a file kept locally before BLOB_STORE=s3 (no next try) waits for `npm run blobs -- migrate`, not for the bucket.
      .where('next_attempt_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldestAt: row.oldest ?? null, bytes: Number(row.bytes ?? 0) };
  }
}

function describe(error: unknown): string {
  const e = error as { name?: string; message?: string };
  return `${e.name ?? 'Error'}: ${e.message ?? String(error)}`.slice(0, 500);
}

/** The store BLOB_STORE names, on this database (the bucket is not asked yet: the server's start checks it). */
export function openBlobStore(
  database: { db: Db; dialect: 'sqlite' | 'postgres' },
  config: { dataDir: string; blobs: BlobSettings },
  now: () => Date,
  log?: FastifyBaseLogger,
): BlobStore {
  const { mode, s3 } = config.blobs;
  return new BlobStore({
    db: database.db,
    mode,
    local: localBytesOf(database, config.dataDir, mode, now),
    bucket: s3 ? new S3Bucket(s3) : null,
    now,
    log,
  });
}
