import { sha256 } from '../../lib/crypto.ts';
import { SETTLE_MS, describeError, eachLimited, findLocal, rowKeys, type BlobPlaces } from './blob-places.ts';

// `npm run blobs -- verify` and `orphans` (issue 35, decision 130): does every register row's file
// exist where the row says, with its hash; and which stored bytes does nothing name.

export type BlobProblem = { key: string; where: string; problem: string };
export type VerifyReport = { checked: number; bytes: number; problems: BlobProblem[]; seconds: number };

const CONCURRENCY = 4;

/** Every row's bytes read where the row says (the bucket's too: read and hashed) and compared with its SHA-256. */
export async function verifyBlobs(places: BlobPlaces, onProgress: (checked: number) => void = () => {}): Promise<VerifyReport> {
  const started = Date.now();
  const report: VerifyReport = { checked: 0, bytes: 0, problems: [], seconds: 0 };
  await places.bucket?.check();
  await eachLimited(rowKeys(places.db), CONCURRENCY, async (key) => {
    const row = await places.db.selectFrom('blob_objects').select(['location', 'sha256', 'size']).where('key', '=', key).executeTakeFirst();
    if (!row) return; // deleted meanwhile
    const problem = await checkRow(places, key, row).catch((error: unknown) => ({ where: row.location, problem: describeError(error) }));
    if (problem) report.problems.push({ key, ...problem });
    report.checked += 1;
    report.bytes += row.size;
    onProgress(report.checked);
  });
  report.problems.sort((a, b) => a.key.localeCompare(b.key));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

async function checkRow(
  places: BlobPlaces,
  key: string,
  row: { location: 'local' | 's3'; sha256: string },
): Promise<{ where: string; problem: string } | null> {
  if (row.location === 's3') {
    if (!places.bucket) return { where: 's3', problem: 'wiersz wskazuje kubełek, a S3_* nie są ustawione' };
    const data = await places.bucket.get(key);
    if (!data) return { where: 's3', problem: 'brak obiektu w kubełku' };
    return sha256(data) === row.sha256 ? null : { where: 's3', problem: 'SHA-256 obiektu nie zgadza się z wierszem' };
  }
  const found = await findLocal(places, key, row.sha256);
  if (found.data) return null;
  return found.damaged
    ? { where: found.damaged, problem: 'SHA-256 bajtów nie zgadza się z wierszem' }
    : { where: 'local', problem: 'brak bajtów (ani w DATA_DIR/blobs, ani w tabeli blobs)' };
}

export type Orphan = { key: string; where: 's3' | 'file' | 'database'; size: number };
export type OrphansReport = { orphans: Orphan[]; deleted: number; tooNew: number };

/**
 * Stored bytes that neither a register row nor a business row (action_files, action_receipts) names.
 * Bytes written in the last SETTLE_MS are left out: an upload in flight writes them a moment before its
 * row. Removed only when asked (`--delete`).
 */
export async function findOrphans(places: BlobPlaces, options: { delete: boolean }): Promise<OrphansReport> {
  const report: OrphansReport = { orphans: [], deleted: 0, tooNew: 0 };
  const settled = (at: Date | null | undefined) => !!at && places.now().getTime() - at.getTime() >= SETTLE_MS;
  const candidates: { orphan: Orphan; remove: () => Promise<void> }[] = [];
  if (places.bucket) {
    const bucket = places.bucket;
    for await (const object of bucket.keys()) {
      if (!settled(object.modifiedAt)) report.tooNew += 1;
      else candidates.push({ orphan: { key: object.key, where: 's3', size: object.size }, remove: () => bucket.delete(object.key) });
    }
  }
  for (const area of places.areas) {
    for await (const key of area.bytes.keys()) {
      const stat = await area.stat(key);
      if (!settled(stat?.writtenAt)) report.tooNew += 1;
      else candidates.push({ orphan: { key, where: area.kind, size: stat!.size }, remove: () => area.bytes.delete(key) });
    }
  }
  for (let i = 0; i < candidates.length; i += 500) {
    const page = candidates.slice(i, i + 500);
    const named = await namedKeys(places, [...new Set(page.map((c) => c.orphan.key))]);
    for (const candidate of page) {
      if (named.has(candidate.orphan.key)) continue;
      report.orphans.push(candidate.orphan);
      if (options.delete) {
        await candidate.remove();
        report.deleted += 1;
      }
    }
  }
  report.orphans.sort((a, b) => a.key.localeCompare(b.key) || a.where.localeCompare(b.where));
  return report;
}

/** Which of the keys a register row or a business row names. */
async function namedKeys(places: BlobPlaces, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const { db } = places;
  const [registered, files, receipts] = await Promise.all([
    db.selectFrom('blob_objects').select('key').where('key', 'in', keys).execute(),
    db.selectFrom('action_files').select('blob_key as key').where('blob_key', 'in', keys).execute(),
    db.selectFrom('action_receipts').select('blob_key as key').where('blob_key', 'in', keys).execute(),
  ]);
  return new Set([...registered, ...files, ...receipts].map((r) => r.key));
}
