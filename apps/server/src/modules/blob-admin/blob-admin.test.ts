import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { sha256 } from '../../lib/crypto.ts';
import { S3Bucket } from '../../plugins/s3-bucket.ts';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';
import { buildPhoto, uploadPhotos } from '../../test/files.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { findOrphans, verifyBlobs } from './blob-audit.service.ts';
import { migrateBlobs } from './blob-migration.service.ts';
import { SETTLE_MS, areaOf, blobPlaces, type BlobPlaces, type LocalKind } from './blob-places.ts';

// `npm run blobs` (issue 35, decision 130) against a real S3-protocol server, on both databases: the
// database's own local kind → the bucket → back, with every hash compared; files kept before the
// register; the leftovers of a killed run; verify and orphans. The kill -9 of a real process is in
// blob-migration-kill.test.ts.

describe.each(testDatabases)('npm run blobs (%s)', (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;
  let bucket: S3Bucket;
  /** The database's own local kind: DATA_DIR/blobs on SQLite, the blobs table on PostgreSQL. */
  const home: LocalKind = dialect === 'postgres' ? 'database' : 'file';
  const other: LocalKind = home === 'file' ? 'database' : 'file';

  beforeAll(async () => {
    s3 = await startS3Server({ prefix: 'promotor/' });
    t = await createTestApp(dialect);
    bucket = new S3Bucket(loadConfig({ ...s3.env, DATABASE_URL: 'sqlite::memory:' }).blobs.s3!);
  });
  afterAll(async () => {
    bucket.destroy();
    await t.close();
    await s3.close();
  });

  /** The command's view, its clock `ahead` of now (past the settling time of bytes written without a row). */
  const places = (ahead = SETTLE_MS + 60_000): BlobPlaces =>
    blobPlaces({ db: t.db, dialect }, t.config.dataDir, bucket, () => new Date(Date.now() + ahead));
  const rows = async (location: 'local' | 's3') =>
    (await t.db.selectFrom('blob_objects').select('key').where('location', '=', location).execute()).length;
  const row = (key: string) => t.db.selectFrom('blob_objects').selectAll().where('key', '=', key).executeTakeFirst();

  async function uploadedPhotos() {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const photos = [buildPhoto(), buildPhoto()];
    const res = await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'bereal_start' }, photos);
    expect(res.statusCode, res.body).toBe(200);
    const files = (res.json().data.files as { uuid: string }[]).map((f) => f.uuid);
    const keys = (
      await t.db.selectFrom('action_files').select('blob_key').where('action_id', '=', shop.uuid).orderBy('position').execute()
    ).map((r) => r.blob_key);
    return { ewa, photos, files, keys };
  }

  /** Bytes kept before the register: in a local area with no row. */
  async function legacyFile(kind: LocalKind, data: Buffer) {
    const key = `legacy-${randomBytes(6).toString('hex')}.jpg`;
    await areaOf(places(0), kind).bytes.put(key, data);
    return key;
  }

  it('moves every file to the bucket and back with the same SHA-256, registering the files kept before the register', async () => {
    const { ewa, photos, files, keys } = await uploadedPhotos();
    const legacyPhoto = buildPhoto();
    const legacyPdf = Buffer.from('%PDF-1.4 a receipt scanned long ago');
    const legacy = [await legacyFile(home, legacyPhoto), await legacyFile(other, legacyPdf)];
    const hashes = new Map([
      ...keys.map((k, i) => [k, sha256(photos[i]!)] as const),
      [legacy[0]!, sha256(legacyPhoto)],
      [legacy[1]!, sha256(legacyPdf)],
    ]);
    // Other tests' files move too (the order is shuffled): counted from the register.
    const local = await rows('local');
    const toBucket = await migrateBlobs(places(), 's3');
    expect(toBucket).toMatchObject({ registered: 2, moved: local + 2, failures: [] });
    for (const [key, hash] of hashes) {
      expect(await row(key)).toMatchObject({ location: 's3', sha256: hash, next_attempt_at: null, claimed_by: null });
      expect(sha256((await bucket.get(key))!)).toBe(hash);
      for (const area of places().areas) expect(await area.bytes.get(key)).toBeNull();
    }
    expect(await row(legacy[0]!)).toMatchObject({ content_type: 'image/jpeg', size: legacyPhoto.length });
    expect((await sharp((await row(legacy[0]!))!.thumbnail!).metadata()).format).toBe('webp');
    expect(await row(legacy[1]!)).toMatchObject({ content_type: 'application/octet-stream', thumbnail: null });
    // Written a moment ago with no row: perhaps an upload in flight; left alone.
    const fresh = await legacyFile(home, buildPhoto());
    const now = places(0);
    expect(await migrateBlobs(now, 's3')).toMatchObject({ registered: 0, moved: 0, skipped: 1 });
    expect([await row(fresh), await areaOf(now, home).bytes.get(fresh)]).toEqual([undefined, expect.any(Buffer)]);
    await areaOf(now, home).bytes.delete(fresh);

    // A second run finds nothing to do.
    expect(await migrateBlobs(places(), 's3')).toMatchObject({ registered: 0, moved: 0, cleaned: 0, skipped: 0, failures: [] });

    const inBucket = await rows('s3');
    const back = await migrateBlobs(places(), home);
    expect(back).toMatchObject({ moved: inBucket, failures: [] });
    for (const [key, hash] of hashes) {
      const stored = await row(key);
      expect(stored).toMatchObject({ location: 'local', sha256: hash, next_attempt_at: null });
      expect(stored!.stored_at).toBeTruthy();
      expect(sha256((await areaOf(places(), home).bytes.get(key))!)).toBe(hash);
      expect(s3.objectKeys()).not.toContain(key);
    }
    expect(await t.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    // The server in its old mode serves them again.
    const served = await post(t.app, '/action/file/serve', { file: { uuid: files[0]! } }, ewa.token);
    expect([served.statusCode, served.rawPayload.equals(photos[0]!)]).toEqual([200, true]);

    // And between the two local kinds.
    expect(await migrateBlobs(places(), other)).toMatchObject({ moved: inBucket, failures: [] });
    expect(sha256((await areaOf(places(), other).bytes.get(keys[1]!))!)).toBe(hashes.get(keys[1]!));
    expect(await areaOf(places(), home).bytes.get(keys[1]!)).toBeNull();
    expect(await migrateBlobs(places(), home)).toMatchObject({ moved: inBucket, failures: [] });
    expect(await migrateBlobs(places(), home)).toMatchObject({ moved: 0, failures: [] });
  });

  it('a run killed between its steps leaves a copy or a listed object, which the next run removes', async () => {
    const { photos, keys } = await uploadedPhotos();
    await migrateBlobs(places(), 's3');
    // Killed after the row said 's3', before the local bytes went.
    await areaOf(places(0), home).bytes.put(keys[0]!, photos[0]!);
    expect(await migrateBlobs(places(), 's3')).toMatchObject({ moved: 0, cleaned: 1, failures: [] });
    expect(await areaOf(places(), home).bytes.get(keys[0]!)).toBeNull();

    // On the way back, killed after the row said 'local' and listed its object, before removing it.
    await migrateBlobs(places(), home);
    await bucket.put(keys[1]!, photos[1]!, 'image/jpeg');
    await t.db
      .insertInto('blob_deletions')
      .values({
        key: keys[1]!,
        requested_at: new Date().toISOString(),
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        last_error: null,
      })
      .execute();
    expect(await migrateBlobs(places(), home)).toMatchObject({ moved: 0, failures: [] });
    expect(s3.objectKeys()).not.toContain(keys[1]);
    expect(await t.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
  });

  it('verify names a damaged object and missing bytes', async () => {
    const { keys } = await uploadedPhotos();
    expect((await verifyBlobs(places())).problems).toEqual([]);
    await migrateBlobs(places(), 's3');
    const before = await verifyBlobs(places());
    expect([before.problems, before.checked >= 2]).toEqual([[], true]);

    // Someone overwrote the object; someone removed a local file.
    await bucket.put(keys[0]!, buildPhoto(), 'image/jpeg');
    const { keys: localKeys } = await uploadedPhotos();
    await areaOf(places(), home).bytes.delete(localKeys[1]!);
    expect((await verifyBlobs(places())).problems).toEqual(
      [
        { key: keys[0], where: 's3', problem: 'SHA-256 obiektu nie zgadza się z wierszem' },
        { key: localKeys[1], where: 'local', problem: 'brak bajtów (ani w DATA_DIR/blobs, ani w tabeli blobs)' },
      ].sort((a, b) => a.key!.localeCompare(b.key!)),
    );
    // The migration refuses to carry the damaged object back.
    const back = await migrateBlobs(places(), home);
    expect(back.failures).toEqual([{ key: keys[0], reason: 'obiekt w kubełku nie zgadza się z SHA-256 wiersza' }]);
    expect(await row(keys[0]!)).toMatchObject({ location: 's3' });
    await t.db.deleteFrom('blob_objects').where('key', 'in', [keys[0]!, localKeys[1]!]).execute();
    await bucket.delete(keys[0]!);
  });

  it('orphans lists the bytes no row names, and removes them only with --delete', async () => {
    const { photos, keys } = await uploadedPhotos();
    await migrateBlobs(places(), 's3');
    // An object whose register row is gone but whose action file still names it is no orphan.
    await t.db.deleteFrom('blob_objects').where('key', '=', keys[1]!).execute();
    const strayObject = `stray-${randomBytes(4).toString('hex')}.jpg`;
    await bucket.put(strayObject, photos[0]!, 'image/jpeg');
    const strayFile = `stray-${randomBytes(4).toString('hex')}.jpg`;
    await areaOf(places(0), other).bytes.put(strayFile, photos[1]!);
    const strays = [
      { key: strayObject, where: 's3', size: photos[0]!.length },
      { key: strayFile, where: other, size: photos[1]!.length },
    ].sort((a, b) => a.key.localeCompare(b.key));

    expect(await findOrphans(places(), { delete: false })).toEqual({ orphans: strays, deleted: 0, tooNew: 0 });
    // Seen from now, everything was just written: nothing is judged.
    expect((await findOrphans(places(0), { delete: false })).orphans).toEqual([]);
    expect(s3.objectKeys()).toContain(strayObject);

    expect(await findOrphans(places(), { delete: true })).toMatchObject({ orphans: strays, deleted: 2 });
    expect(s3.objectKeys()).not.toContain(strayObject);
    expect(s3.objectKeys()).toEqual(expect.arrayContaining(keys));
    expect(await areaOf(places(), other).bytes.get(strayFile)).toBeNull();
    expect((await findOrphans(places(), { delete: false })).orphans).toEqual([]);
    fs.rmSync(path.join(t.config.dataDir, 'blobs', strayFile), { force: true });
  });
});
