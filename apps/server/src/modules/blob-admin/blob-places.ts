import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db, Dialect } from '../../db/kysely.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { S3Bucket } from '../../plugins/s3-bucket.ts';
import { DatabaseBlobStore, FileBlobStore, type LocalBytes } from '../../plugins/storage.ts';

// Where a file's bytes can be, as `npm run blobs` sees it (decision 130): the bucket, DATA_DIR/blobs
// and the database's blobs table. A register row says 'local' without saying which of the two local
// kinds: a deployment may have run BLOB_STORE=file on PostgreSQL, or switched kinds once, so the
// command looks in both, the database's usual one first.

export type LocalKind = 'file' | 'database';
export type BlobTarget = 's3' | LocalKind;

export type LocalArea = {
  kind: LocalKind;
  bytes: LocalBytes;
  /** When the bytes were written and how many, or null when they are not there. */
  stat: (key: string) => Promise<{ writtenAt: Date; size: number } | null>;
};

export type BlobPlaces = {
  db: Db;
  /** Both local kinds, the one this database keeps its files in first (DATA_DIR/blobs on SQLite, the blobs table on PostgreSQL). */
  areas: [LocalArea, LocalArea];
  bucket: S3Bucket | null;
  now: () => Date;
};

/**
 * Bytes written without a row are an upload in flight (its row follows within moments), or a file kept
 * before the register (migration 033). Only those older than this are registered or called orphans.
 */
export const SETTLE_MS = 10 * 60_000;

/** The claim the command puts on a row it moves: a re-run after kill -9 takes its own claims back at once. */
export const COMMAND_HOLDER = 'npm run blobs';

export function blobPlaces(database: { db: Db; dialect: Dialect }, dataDir: string, bucket: S3Bucket | null, now: () => Date): BlobPlaces {
  const dir = path.join(dataDir, 'blobs');
  const file: LocalArea = {
    kind: 'file',
    bytes: new FileBlobStore(dir),
    stat: async (key) => {
      try {
        const stat = await fs.stat(path.join(dir, key));
        return { writtenAt: stat.mtime, size: stat.size };
      } catch {
        return null;
      }
    },
  };
  const table: LocalArea = {
    kind: 'database',
    bytes: new DatabaseBlobStore(database.db, now),
    stat: async (key) => {
      const row = await database.db.selectFrom('blobs').select(['created_at', 'size']).where('key', '=', key).executeTakeFirst();
      return row ? { writtenAt: new Date(row.created_at), size: row.size } : null;
    },
  };
  return { db: database.db, areas: database.dialect === 'postgres' ? [table, file] : [file, table], bucket, now };
}

export function areaOf(places: BlobPlaces, kind: LocalKind): LocalArea {
  return places.areas.find((a) => a.kind === kind)!;
}

/** The local bytes that match the row's hash, and where; `damaged` when some were found but none match. */
export async function findLocal(
  places: BlobPlaces,
  key: string,
  hash: string,
): Promise<{ data: Buffer; area: LocalArea } | { data: null; damaged: LocalKind | null }> {
  let damaged: LocalKind | null = null;
  for (const area of places.areas) {
    const data = await area.bytes.get(key);
    if (!data) continue;
    if (sha256(data) === hash) return { data, area };
    damaged = area.kind;
  }
  return { data: null, damaged };
}

/** Runs `fn` over the items with at most `limit` at once (a bucket's round trips overlap; SQLite queues its own). */
export async function eachLimited<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task = fn(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

/** Register rows a page at a time, by key (a row moved meanwhile does not shift the pages). */
export async function* rowKeys(db: Db, location?: 'local' | 's3'): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    let query = db.selectFrom('blob_objects').select('key').where('key', '>', after).orderBy('key').limit(500);
    if (location) query = query.where('location', '=', location);
    const page = await query.execute();
    for (const row of page) yield row.key;
    if (page.length < 500) return;
    after = page[page.length - 1]!.key;
  }
}

export function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string };
  return `${e.name ?? 'Error'}: ${e.message ?? String(error)}`.slice(0, 300);
}
