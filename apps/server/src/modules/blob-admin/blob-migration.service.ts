import { sha256 } from '../../lib/crypto.ts';
import { sniffImageType } from '../../lib/image-type.ts';
import { DRAIN_LEASE_MS } from '../../plugins/blob-store.ts';
import { makeThumbnail } from '../../plugins/thumbnails.ts';
import {
  COMMAND_HOLDER,
  SETTLE_MS,
  areaOf,
  describeError,
  eachLimited,
  findLocal,
  rowKeys,
  type BlobPlaces,
  type BlobTarget,
  type LocalArea,
} from './blob-places.ts';

// `npm run blobs -- migrate --to s3|database|file` (issue 35, decision 130): moves every file to one
// place, one file per step, so a kill -9 anywhere costs at most that file's step, which the next run
// repeats under the same key. Each step keeps the source bytes until the target's copy is read back and
// its SHA-256 equals the row's; only then does the row change and the source go. A second run finds
// nothing to move.

export type MigrationFailure = { key: string; reason: string };
export type MigrationReport = {
  /** Files registered now (kept before the register existed). */
  registered: number;
  moved: number;
  bytes: number;
  /** Leftover copies removed (a run killed after the row changed, before the source went). */
  cleaned: number;
  /** Left for later: a drain of a running server holds the row, or unregistered bytes too new to judge. */
  skipped: number;
  failures: MigrationFailure[];
  seconds: number;
};
export type MigrationProgress = { moved: number; bytes: number; failed: number; total: number };

const CONCURRENCY = 4;

export async function migrateBlobs(
  places: BlobPlaces,
  target: BlobTarget,
  onProgress: (p: MigrationProgress) => void = () => {},
): Promise<MigrationReport> {
  const started = Date.now();
  const report: MigrationReport = { registered: 0, moved: 0, bytes: 0, cleaned: 0, skipped: 0, failures: [], seconds: 0 };
  const fail = (key: string, reason: string) => void report.failures.push({ key, reason });
  if (!places.bucket && (target === 's3' || (await rowCount(places, 's3')) > 0))
    throw new Error('Brak ustawień kubełka (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).');
  await places.bucket?.check();

  for (const area of places.areas) {
    for await (const key of area.bytes.keys()) await sweepLocal(places, target, area, key, report, fail);
  }
  const from = target === 's3' ? 'local' : 's3';
  const total = await rowCount(places, from);
  const step = (key: string) => (target === 's3' ? toBucket(places, key) : fromBucket(places, key, target));
  await eachLimited(rowKeys(places.db, from), CONCURRENCY, async (key) => {
    try {
      const outcome = await step(key);
      if (outcome === 'skipped') report.skipped += 1;
      else if (typeof outcome === 'number') [report.moved, report.bytes] = [report.moved + 1, report.bytes + outcome];
      else fail(key, outcome.failed);
    } catch (error) {
      fail(key, describeError(error));
    }
    onProgress({ moved: report.moved, bytes: report.bytes, failed: report.failures.length, total });
  });
  if (target !== 's3' && places.bucket) await removeListedObjects(places);
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

type Outcome = number | 'skipped' | { failed: string };

async function rowCount(places: BlobPlaces, location: 'local' | 's3'): Promise<number> {
  const row = await places.db
    .selectFrom('blob_objects')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('location', '=', location)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One key found in a local area: bytes with no row are registered (when old enough); a copy whose
 * row already says where its bytes are elsewhere is a leftover of a killed run and goes once that place
 * is confirmed; with a local target, a local file in the other kind moves here.
 */
async function sweepLocal(
  places: BlobPlaces,
  target: BlobTarget,
  area: LocalArea,
  key: string,
  report: MigrationReport,
  fail: (key: string, reason: string) => void,
): Promise<void> {
  try {
    const row = await places.db.selectFrom('blob_objects').select(['location', 'sha256', 'size']).where('key', '=', key).executeTakeFirst();
    if (!row) {
      if (await register(places, area, key)) report.registered += 1;
      else report.skipped += 1;
      return;
    }
    if (row.location === 's3' && target === 's3') {
      // The row turned 's3' only after the object was read back; its size is a cheap second look.
      if ((await places.bucket!.size(key)) === row.size) {
        await area.bytes.delete(key);
        report.cleaned += 1;
      } else fail(key, 'wiersz wskazuje kubełek, ale obiektu tam nie ma; kopia lokalna zostaje');
      return;
    }
    if (row.location === 'local' && target !== 's3' && area.kind !== target) {
      const outcome = await moveLocal(places, key, row.sha256, area, areaOf(places, target));
      if (typeof outcome === 'number') [report.moved, report.bytes] = [report.moved + 1, report.bytes + outcome];
      else if (outcome !== 'skipped') fail(key, outcome.failed);
    }
  } catch (error) {
    fail(key, describeError(error));
  }
}

/** A file kept before the register: its row, as BlobStore.put would have written it. False when too new to judge. */
async function register(places: BlobPlaces, area: LocalArea, key: string): Promise<boolean> {
  const writtenAt = (await area.stat(key))?.writtenAt;
  if (!writtenAt || places.now().getTime() - writtenAt.getTime() < SETTLE_MS) return false;
  const data = await area.bytes.get(key);
  if (!data) return false;
  const contentType = sniffImageType(data) ?? 'application/octet-stream';
  const thumbnail = contentType.startsWith('image/') ? await makeThumbnail(data) : null;
  await places.db
    .insertInto('blob_objects')
    .values({
      key,
      sha256: sha256(data),
      size: data.length,
      content_type: contentType,
      location: 'local',
      created_at: writtenAt.toISOString(),
      stored_at: writtenAt.toISOString(),
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
      thumbnail,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return true;
}

/** Local → local (file ↔ database): write, read back, then drop the source. The row says 'local' either way. */
async function moveLocal(places: BlobPlaces, key: string, hash: string, from: LocalArea, to: LocalArea): Promise<Outcome> {
  const there = await to.bytes.get(key);
  if (there && sha256(there) === hash) {
    await from.bytes.delete(key);
    return 'skipped';
  }
  const data = await from.bytes.get(key);
  if (!data) return 'skipped';
  if (sha256(data) !== hash) return { failed: `bajty w ${from.kind} nie zgadzają się z SHA-256 wiersza` };
  await to.bytes.put(key, data);
  const back = await to.bytes.get(key);
  if (!back || sha256(back) !== hash) return { failed: `zapis do ${to.kind} nie dał tych samych bajtów` };
  await from.bytes.delete(key);
  return data.length;
}

/** Local → bucket: claim the row (as the drain does), PUT, GET it back and hash it, mark it 's3', drop the local bytes. */
async function toBucket(places: BlobPlaces, key: string): Promise<Outcome> {
  const { db, bucket } = places;
  const now = places.now();
  const nowIso = now.toISOString();
  const row = await db
    .updateTable('blob_objects')
    .set({ claimed_by: COMMAND_HOLDER, claimed_until: new Date(now.getTime() + DRAIN_LEASE_MS).toISOString() })
    .where('key', '=', key)
    .where('location', '=', 'local')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso), eb('claimed_by', '=', COMMAND_HOLDER)]))
    .returning(['sha256', 'size', 'content_type'])
    .executeTakeFirst();
  // Moved meanwhile, deleted, or held by a running server's drain, which moves it itself.
  if (!row) return 'skipped';
  const release = () =>
    db
      .updateTable('blob_objects')
      .set({ claimed_by: null, claimed_until: null })
      .where('key', '=', key)
      .where('claimed_by', '=', COMMAND_HOLDER)
      .execute();
  const found = await findLocal(places, key, row.sha256);
  if (!found.data) {
    await release();
    return { failed: found.damaged ? `bajty w ${found.damaged} nie zgadzają się z SHA-256 wiersza` : 'brak bajtów lokalnie' };
  }
  try {
    await bucket!.put(key, found.data, row.content_type, { sha256: row.sha256 });
    const back = await bucket!.get(key);
    if (!back || sha256(back) !== row.sha256) throw new Error('kubełek oddał inne bajty niż wysłane');
  } catch (error) {
    await release();
    throw error;
  }
  const marked = await db
    .updateTable('blob_objects')
    .set({
      location: 's3',
      stored_at: places.now().toISOString(),
      claimed_by: null,
      claimed_until: null,
      next_attempt_at: null,
      last_error: null,
      attempts: 0,
    })
    .where('key', '=', key)
    .where('claimed_by', '=', COMMAND_HOLDER)
    .where('location', '=', 'local')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) {
    // Deleted while it was uploading: the object is nobody's.
    const still = await db.selectFrom('blob_objects').select('key').where('key', '=', key).executeTakeFirst();
    if (!still) await bucket!.delete(key);
    return 'skipped';
  }
  for (const area of places.areas) await area.bytes.delete(key);
  return row.size;
}

/**
 * Bucket → local: GET and hash, write the target and read it back, then in one transaction mark the row
 * local (stored, no next try: the drain leaves it) and list the object for removal; then remove it. A
 * run killed after the transaction leaves a listed object, which the next run (or a drain) removes.
 */
async function fromBucket(places: BlobPlaces, key: string, target: Exclude<BlobTarget, 's3'>): Promise<Outcome> {
  const { db, bucket } = places;
  const row = await db.selectFrom('blob_objects').select(['sha256', 'size', 'location']).where('key', '=', key).executeTakeFirst();
  if (row?.location !== 's3') return 'skipped';
  const data = await bucket!.get(key);
  if (!data) return { failed: 'brak obiektu w kubełku' };
  if (sha256(data) !== row.sha256) return { failed: 'obiekt w kubełku nie zgadza się z SHA-256 wiersza' };
  const to = areaOf(places, target);
  await to.bytes.put(key, data);
  const back = await to.bytes.get(key);
  if (!back || sha256(back) !== row.sha256) return { failed: `zapis do ${target} nie dał tych samych bajtów` };
  const at = places.now().toISOString();
  const marked = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('blob_objects')
      .set({
        location: 'local',
        stored_at: at,
        next_attempt_at: null,
        attempts: 0,
        last_error: null,
        claimed_by: null,
        claimed_until: null,
      })
      .where('key', '=', key)
      .where('location', '=', 's3')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('blob_deletions')
      .values({ key, requested_at: at, attempts: 0, next_attempt_at: at, last_error: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return true;
  });
  if (!marked) {
    // Deleted meanwhile (retention, an erasure): what was written here is nobody's.
    await to.bytes.delete(key);
    return 'skipped';
  }
  await removeListed(places, key);
  for (const area of places.areas) if (area !== to) await area.bytes.delete(key);
  return row.size;
}

async function removeListed(places: BlobPlaces, key: string): Promise<void> {
  try {
    await places.bucket!.delete(key);
    await places.db.deleteFrom('blob_deletions').where('key', '=', key).execute();
  } catch {
    // Stays listed: the next run, or a drain, removes it.
  }
}

/** The objects listed for removal (a run killed after its transaction, a bucket that did not answer). */
async function removeListedObjects(places: BlobPlaces): Promise<void> {
  const listed = await places.db.selectFrom('blob_deletions').select('key').orderBy('key').execute();
  await eachLimited(listed, CONCURRENCY, ({ key }) => removeListed(places, key));
}
