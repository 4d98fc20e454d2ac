import type { Db } from '../../db/kysely.ts';
import { actionsAtPoints, type ActionPointRef } from './integrity-points.repository.ts';

// Issue 38 (decision 138): the photos' fingerprints and the earlier photos a new one is compared with.
// Start, end and survey photos only: receipts live in action_receipts and are the consumer's.

/** What the blob store kept of each file at upload: the hash of its bytes and its thumbnail. */
export function storedBlobsOf(db: Db, keys: readonly string[]) {
  return db.selectFrom('blob_objects').select(['key', 'sha256', 'thumbnail']).where('key', 'in', keys).execute();
}

export async function setFingerprints(
  db: Db,
  fileId: string,
  f: { sha256: string; dhash: string | null; dhash_crops: string | null; spread: number | null },
) {
  await db.updateTable('action_files').set(f).where('id', '=', fileId).execute();
}

/** A photo with what a flag's evidence names of it. */
function photos(db: Db) {
  return db
    .selectFrom('action_files as f')
    .innerJoin('actions as a', 'a.id', 'f.action_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.id',
      'f.ident',
      'f.created_at',
      'f.action_id',
      'f.user_id',
      'f.sha256',
      'f.dhash',
      'f.dhash_crops',
      'f.spread',
      'a.name as action_name',
      'u.ident as user_ident',
    ]);
}
export type StoredPhoto = Awaited<ReturnType<ReturnType<typeof photos>['execute']>>[number];

export function photoById(db: Db, fileId: string) {
  return photos(db).where('f.id', '=', fileId).executeTakeFirst();
}

/** Every photo with these bytes, hers or anyone's, oldest first (the first is the original). */
export function photosWithBytes(db: Db, sha256: string) {
  return photos(db).where('f.sha256', '=', sha256).orderBy('f.created_at').orderBy('f.id').execute();
}

/** Her fingerprinted photos of her other actions (found through her assignments: both lookups indexed). */
export function herOtherPhotos(db: Db, userId: string, actionId: string) {
  return photos(db)
    .where('f.action_id', 'in', (eb) => eb.selectFrom('action_assignments').select('action_id').where('user_id', '=', userId))
    .where('f.user_id', '=', userId)
    .where('f.action_id', '<>', actionId)
    .where('f.dhash', 'is not', null)
    .execute();
}

/**
 * Fingerprinted photos of other actions at one of these points since `since` (ISO UTC): the actions are
 * found first, then their photos by the photos' leading key (action_id).
 */
export function photosAtPoints(db: Db, actionId: string, points: readonly ActionPointRef[], since: string) {
  return photos(db)
    .where('f.action_id', 'in', actionsAtPoints(db, points))
    .where('f.action_id', '<>', actionId)
    .where('f.dhash', 'is not', null)
    .where('f.created_at', '>=', since)
    .execute();
}

/** A batch of photos without fingerprints (stored before migration 036 or 039, or their fingerprinting failed), oldest first. */
export function photosWithoutFingerprints(
  db: Db,
  after: { created_at: string; id: string } | null,
  limit: number,
  window?: { from: string; to: string },
) {
  // Photos fingerprinted before migration 039 have a hash and no crops' hashes: they are done again.
  let q = db
    .selectFrom('action_files')
    .select(['id', 'blob_key', 'created_at'])
    .where((eb) => eb.or([eb('sha256', 'is', null), eb.and([eb('dhash', 'is not', null), eb('dhash_crops', 'is', null)])]));
  if (window) q = q.where('created_at', '>=', window.from).where('created_at', '<', window.to);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)])]),
    );
  return q.orderBy('created_at').orderBy('id').limit(limit).execute();
}
