import type { IntegrityFlagKind } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import type { ScheduledJob } from '../../plugins/scheduled-jobs.ts';
import { sha256 } from '../../lib/crypto.ts';
import { flagsOf, raiseFlags, withdrawOpenFlags, type RaisedFlag } from './integrity-flags.repository.ts';
import * as repo from './integrity-photos.repository.ts';
import { pointsOfAction } from './integrity-points.repository.ts';
import { SIMILAR_PHOTO_DAYS } from './integrity-thresholds.ts';
import { looksOf } from './photo-fingerprints.ts';
import { blankFlag, reusedFlags, similarFlag } from './photo-signals.ts';

// Issue 38 (decision 138): the photo signals of start, end and survey photos, raised as they arrive.
// action-files calls this after the photos' rows are written: the upload is durable before any of it,
// and a failure here leaves the photo without fingerprints (the backfill command makes them later).

export type IntegrityPhotosDeps = { db: Db; now: () => Date; timezone: string };

export const PHOTO_FLAG_KINDS: readonly IntegrityFlagKind[] = ['photo_reused', 'photo_similar', 'photo_blank'];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores each new photo's fingerprints — the SHA-256 and the thumbnail the blob store made at upload
 * (no second decode of the full photo; `store` waits for one still being made after the answer, or
 * makes a missing one) — then raises its signals.
 */
export async function fingerprintPhotos(
  deps: IntegrityPhotosDeps,
  files: readonly { id: string; blob_key: string }[],
  store?: StoredPhotos,
): Promise<string[]> {
  if (!files.length) return [];
  const stored = await repo.storedBlobsOf(
    deps.db,
    files.map((f) => f.blob_key),
  );
  const blobs = new Map(stored.map((b) => [b.key, b]));
  // The photos of one upload side by side (the front and rear: two decodes, two sets of queries).
  const made = await Promise.all(
    files.map(async (file) => {
      const blob = blobs.get(file.blob_key);
      // A photo stored before the blob register has no row there: its bytes say it (the backfill only).
      const bytes = !blob && store ? await store.get(file.blob_key) : null;
      const hash = blob?.sha256 ?? (bytes ? sha256(bytes) : null);
      if (!hash) return null;
      const thumbnail = blob?.thumbnail ? Buffer.from(blob.thumbnail) : store ? await store.thumbnail(file.blob_key) : null;
      const looks = thumbnail ? await looksOf(thumbnail) : null;
      await repo.setFingerprints(deps.db, file.id, {
        sha256: hash,
        dhash: looks?.dhash ?? null,
        dhash_crops: looks ? looks.crops.join(' ') : null,
        spread: looks?.spread ?? null,
      });
      return file.id;
    }),
  );
  const fingerprinted = made.filter((id): id is string => id !== null);
  // All of one upload are fingerprinted before any is compared: the front and rear see each other.
  await Promise.all(fingerprinted.map((fileId) => raisePhotoSignals(deps, fileId)));
  return fingerprinted;
}

/** The blob store's reads (plugins/blob-store.ts BlobStore): a photo's thumbnail, and an older photo's bytes. */
export type StoredPhotos = { get(key: string): Promise<Buffer | null>; thumbnail(key: string): Promise<Buffer | null> };

/**
 * `npm run blobs -- fingerprints`: the fingerprints and signals of photos stored before migration 036
 * (or whose fingerprinting failed at upload), oldest first, a batch at a time (its photos side by side:
 * a small batch bounds the memory of the full photos read for missing thumbnails); resumable. A photo whose
 * bytes cannot be read now is skipped and counted.
 */
export async function backfillFingerprints(
  deps: IntegrityPhotosDeps,
  store: StoredPhotos,
  batch = 20,
  o: { window?: { from: string; to: string }; between?: () => Promise<void> } = {},
) {
  let after: { created_at: string; id: string } | null = null;
  let done = 0;
  let skipped = 0;
  for (;;) {
    const files = await repo.photosWithoutFingerprints(deps.db, after, batch, o.window);
    if (!files.length) return { done, skipped };
    const made = await fingerprintPhotos(deps, files, store);
    done += made.length;
    skipped += files.length - made.length;
    after = files.at(-1)!;
    await o.between?.();
  }
}

export const PHOTO_FINGERPRINTS_JOB = 'photo-fingerprints';

/**
 * Issue 35: an upload's fingerprints are made after its answer (plugins/after-answer.ts); an instance
 * killed in that moment leaves its photos without them. This job, once per `everyMs` across the
 * instances (the retention job's interval), completes the photos of the last two days stored over a
 * minute ago that have none — what an instance still at it would do itself within that minute.
 */
export const photoFingerprintsJob = (deps: IntegrityPhotosDeps & { store: StoredPhotos; everyMs: number }): ScheduledJob => ({
  name: PHOTO_FINGERPRINTS_JOB,
  everyMs: deps.everyMs,
  run: async (ctx) => {
    const now = ctx.now().getTime();
    const window = { from: new Date(now - 2 * DAY_MS).toISOString(), to: new Date(now - 60_000).toISOString() };
    await backfillFingerprints(deps, deps.store, 20, { window, between: ctx.keepLock });
  },
});

async function raisePhotoSignals(deps: IntegrityPhotosDeps, fileId: string): Promise<void> {
  const { db, timezone } = deps;
  const photo = await repo.photoById(db, fileId);
  if (!photo) return; // replaced by a re-send meanwhile
  const raisedAt = deps.now().toISOString();
  const flags: RaisedFlag[] = [];
  if (photo.sha256) flags.push(...reusedFlags(await repo.photosWithBytes(db, photo.sha256), timezone, raisedAt));
  const blank = blankFlag(photo, timezone, raisedAt);
  if (blank) flags.push(blank);
  if (photo.dhash) {
    const similar = similarFlag(photo, await similarCandidates(deps, photo), timezone, raisedAt);
    if (similar) flags.push(similar);
  }
  await raiseFlags(db, flags);
}

/** Her photos of other actions (any time), and the same point's of the last SIMILAR_PHOTO_DAYS days. */
async function similarCandidates(deps: IntegrityPhotosDeps, photo: repo.StoredPhoto) {
  const since = new Date(new Date(photo.created_at).getTime() - SIMILAR_PHOTO_DAYS * DAY_MS).toISOString();
  const points = await pointsOfAction(deps.db, photo.action_id);
  const [hers, atPoint] = await Promise.all([
    repo.herOtherPhotos(deps.db, photo.user_id, photo.action_id),
    points.length ? repo.photosAtPoints(deps.db, photo.action_id, points, since) : [],
  ]);
  return [...hers, ...atPoint];
}

/**
 * A re-send during a report's correction (or a retaken start) removes the earlier photos: their open
 * photo flags go with them, in the same transaction. Explained ones stay: they are part of the audit.
 */
export async function withdrawFlagsOfRemovedPhotos(db: Db, actionId: string, userId: string, removedIds: readonly string[]) {
  if (!removedIds.length) return;
  const removed = new Set(removedIds);
  const keep = (await flagsOf(db, actionId, userId))
    .filter((f) => PHOTO_FLAG_KINDS.includes(f.kind) && !removed.has(f.subject))
    .map((f) => ({ kind: f.kind, subject: f.subject }));
  await withdrawOpenFlags(db, actionId, userId, PHOTO_FLAG_KINDS, keep);
}
