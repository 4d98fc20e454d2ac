import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../lib/crypto.ts';
import { buildAction, buildSignedInPromoter } from '../test/builders.ts';
import { buildJpeg, buildPhoto, uploadPhotos } from '../test/files.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { loadConfig } from '../config/env.ts';
import { AFTER_ANSWER_MAX_WAITING, BlobDeletionPending, DRAIN_LEASE_MS, openBlobStore } from './blob-store.ts';
import { PRESIGN_VALID_SECONDS, S3Bucket } from './s3-bucket.ts';
import { localBytesOf } from './storage.ts';

// BLOB_STORE=s3 against a real S3-protocol server (issue 35, decision 130): ingest, the redirect,
// uploads while the bucket is down, the drain when it is back, a crash in the middle of a drain, two
// instances draining at once, and deletions the bucket has not confirmed.

/** A copy of the bytes with the one at `at` flipped: what a damaged transfer delivers. */
function flipped(data: Buffer, at: number): Buffer {
  const damaged = Buffer.from(data);
  damaged[at]! ^= 0xff;
  return damaged;
}

describe.each(testDatabases)('files in an S3 bucket (%s)', (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server({ prefix: 'promotor/' });
    t = await createTestApp(dialect, { env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });
  // A test that takes the bucket down brings it back for the next.
  afterEach(() => s3.start());

  const store = () => t.app.blobStore;
  const row = (key: string) => t.db.selectFrom('blob_objects').selectAll().where('key', '=', key).executeTakeFirst();
  const keysOf = async (actionUuid: string) =>
    (
      await t.db.selectFrom('action_files').select(['id', 'blob_key']).where('action_id', '=', actionUuid).orderBy('position').execute()
    ).map((r) => r.blob_key);
  /** A second instance of the server's store: the same database and bucket, its own client. */
  const anotherInstance = (now = t.clock.now) => openBlobStore({ db: t.db, dialect }, t.config, now);
  /** Runs `fn` with the app's bucket sending through `through` (a fault on the way, a record of the PUTs), then as before. */
  async function sendingThrough<T>(through: (send: S3Bucket['send']) => S3Bucket['send'], fn: () => Promise<T>): Promise<T> {
    const bucket = store().bucket!;
    const send = bucket.send.bind(bucket);
    bucket.send = through(send);
    try {
      return await fn();
    } finally {
      bucket.send = send;
    }
  }

  async function startPhotos() {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const photos = [buildPhoto(), buildPhoto()];
    const res = await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'bereal_start' }, photos);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data.files as { uuid: string }[];
    return { ewa, shop, photos, files, keys: await keysOf(shop.uuid) };
  }

  it('an upload goes to the bucket, its thumbnail stays in the row, and serving it is a 303 to a presigned GET of the same bytes', async () => {
    const { ewa, photos, files, keys } = await startPhotos();
    for (const [i, key] of keys.entries()) {
      const stored = await row(key);
      expect(stored).toMatchObject({ location: 's3', size: photos[i]!.length, content_type: 'image/jpeg', attempts: 0 });
      const meta = await sharp(stored!.thumbnail!).metadata();
      expect([meta.format, Math.max(meta.width!, meta.height!) <= 320]).toEqual(['webp', true]);
    }
    expect(s3.objectKeys()).toEqual(expect.arrayContaining(keys));
    // Nothing waits in the pending area.
    expect(await store().localBytes.get(keys[0]!)).toBeNull();

    const served = await post(t.app, '/action/file/serve', { file: { uuid: files[0]!.uuid } }, ewa.token);
    expect(served.statusCode).toBe(303);
    expect(served.headers['cache-control']).toBe('private, no-store');
    const url = new URL(served.headers.location as string);
    expect(url.origin).toBe(s3.endpoint);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(PRESIGN_VALID_SECONDS);
    const fetched = await fetch(url);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(photos[0]!)).toBe(true);
    // The same address for another view in the same window: the browser's cache answers it.
    const again = await post(t.app, '/action/file/serve', { file: { uuid: files[0]!.uuid } }, ewa.token);
    expect(again.headers.location).toBe(served.headers.location);
    // Her colleague gets nothing: the checks before the redirect are today's.
    const other = await buildSignedInPromoter(t);
    expect((await post(t.app, '/action/file/serve', { file: { uuid: files[0]!.uuid } }, other.token)).statusCode).toBe(404);
  });

  it('a bucket that stored other bytes than an upload sent is found after the answer: they wait in the pending area, are served from there, and the drain sends them again', async () => {
    // Damaged on the way, and taken by a server that checks no payload hash (s3rver checks none): a byte
    // of what reaches the bucket flipped. The answer does not wait for the confirmation.
    const { ewa, photos, files, keys } = await sendingThrough(
      (send) =>
        (key, data, ...rest) =>
          send(key, flipped(data, data.length - 3), ...rest),
      startPhotos,
    );
    // The tests' requests return once the work after their answer is done.
    for (const [i, key] of keys.entries()) {
      expect(await row(key)).toMatchObject({ location: 'local', stored_at: null, last_error: expect.stringContaining('other bytes') });
      expect((await store().localBytes.get(key))!.equals(photos[i]!)).toBe(true);
    }
    const served = await post(t.app, '/action/file/serve', { file: { uuid: files[0]!.uuid } }, ewa.token);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(photos[0]!)).toBe(true);
    t.clock.advance(60_000);
    expect((await store().drainOnce('test-holder')).uploaded).toBeGreaterThanOrEqual(2);
    for (const [i, key] of keys.entries()) {
      expect((await row(key))!.location).toBe('s3');
      expect((await store().get(key))!.equals(photos[i]!)).toBe(true);
      expect(await store().localBytes.get(key)).toBeNull();
    }
  });

  it('a copy found damaged after the answer is sent again at once when the bucket takes it right the second time', async () => {
    const sent = new Map<string, number>();
    // Only the first PUT of each key is damaged on the way.
    const upload = await sendingThrough(
      (send) =>
        (key, data, ...rest) => {
          sent.set(key, (sent.get(key) ?? 0) + 1);
          return send(key, sent.get(key) === 1 ? flipped(data, 100) : data, ...rest);
        },
      startPhotos,
    );
    for (const [i, key] of upload.keys.entries()) {
      expect(sent.get(key)).toBe(2);
      expect(await row(key)).toMatchObject({ location: 's3', last_error: null });
      expect((await store().get(key))!.equals(upload.photos[i]!)).toBe(true);
      expect(await store().localBytes.get(key)).toBeNull();
    }
  });

  it(`past ${AFTER_ANSWER_MAX_WAITING} tasks waiting, an upload's copy is confirmed before its answer (nothing more held in memory)`, async () => {
    const withMd5 = new Map<string, boolean>();
    // Her action first: the test app's requests wait for the work after their answers, which would empty the queue.
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const storing = store().afterAnswer.hold();
    const waiting = Array.from({ length: AFTER_ANSWER_MAX_WAITING }, () => store().afterAnswer.run('a task', async () => undefined));
    try {
      const res = await sendingThrough(
        (send) => (key, data, contentType, o) => (withMd5.set(key, Boolean(o?.md5)), send(key, data, contentType, o)),
        () => uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'bereal_start' }, [buildPhoto(), buildPhoto()]),
      );
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      storing();
      await Promise.all(waiting);
    }
    const keys = await keysOf(shop.uuid);
    expect(keys).toHaveLength(2);
    // One PUT each, with its Content-MD5 (S3Bucket.put), and no task after the answer for them.
    for (const key of keys) {
      expect(withMd5.get(key)).toBe(true);
      expect(await row(key)).toMatchObject({ location: 's3', thumbnail: expect.anything() });
    }
  });

  it('a file stored again under its key (a pending one the bucket took later) has one row, saying what was stored last', async () => {
    const key = `again-${Date.now()}.jpg`;
    await s3.stop();
    await store().put(key, buildPhoto());
    expect(await row(key)).toMatchObject({ location: 'local', attempts: 0 });
    await s3.start();
    const second = buildPhoto();
    await store().put(key, second);
    expect(await t.db.selectFrom('blob_objects').select('key').where('key', '=', key).execute()).toHaveLength(1);
    expect(await row(key)).toMatchObject({
      location: 's3',
      size: second.length,
      next_attempt_at: null,
      last_error: null,
      claimed_by: null,
    });
    expect(Buffer.from((await store().get(key))!).equals(second)).toBe(true);
  });

  it("files stored again together under their keys: each row says its own file's new size and place", async () => {
    const keys = [`again-a-${Date.now()}.jpg`, `again-b-${Date.now()}.jpg`];
    await s3.stop();
    for (const key of keys) await store().put(key, buildPhoto());
    await s3.start();
    const [a, b] = [buildJpeg(), buildPhoto()];
    await store().putThenWrite(
      [
        { key: keys[0]!, data: a },
        { key: keys[1]!, data: b },
      ],
      async () => {},
    );
    expect(await row(keys[0]!)).toMatchObject({ location: 's3', size: a.length, next_attempt_at: null });
    expect(await row(keys[1]!)).toMatchObject({ location: 's3', size: b.length, next_attempt_at: null });
    await expect(
      store().putThenWrite(
        [
          { key: keys[0]!, data: a },
          { key: keys[0]!, data: b },
        ],
        async () => {},
      ),
    ).rejects.toThrow(/twice/);
  });

  it('while the bucket is down an upload is answered from the pending area, served from there, and drained when it is back', async () => {
    await s3.stop();
    const { ewa, photos, files, keys } = await startPhotos();
    for (const key of keys) expect(await row(key)).toMatchObject({ location: 'local', stored_at: null });
    expect((await row(keys[0]!))!.thumbnail).not.toBeNull();
    const served = await post(t.app, '/action/file/serve', { file: { uuid: files[0]!.uuid } }, ewa.token);
    expect([served.statusCode, served.rawPayload.equals(photos[0]!)]).toEqual([200, true]);
    expect((await store().pending()).count).toBeGreaterThanOrEqual(2);

    // Down: a drain round fails and backs off, nothing is lost.
    const failed = await store().drainOnce('test-holder');
    expect(failed.uploaded).toBe(0);
    expect(await row(keys[0]!)).toMatchObject({ location: 'local', attempts: 1, claimed_by: null });
    expect((await row(keys[0]!))!.last_error).toBeTruthy();

    await s3.start();
    // Its backoff has not run out yet: the next round leaves it.
    await store().drainOnce('test-holder');
    expect(await row(keys[0]!)).toMatchObject({ location: 'local', attempts: 1 });
    t.clock.advance(60_000);
    const drained = await store().drainOnce('test-holder');
    expect(drained.uploaded).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(await row(key)).toMatchObject({ location: 's3', claimed_by: null });
    expect(await store().localBytes.get(keys[0]!)).toBeNull();
    expect(s3.objectKeys()).toEqual(expect.arrayContaining(keys));
    const after = await post(t.app, '/action/file/serve', { file: { uuid: files[1]!.uuid } }, ewa.token);
    expect(after.statusCode).toBe(303);
    expect(Buffer.from(await (await fetch(after.headers.location as string)).arrayBuffer()).equals(photos[1]!)).toBe(true);
  });

  it('a drain that died after claiming (or after uploading) is finished by another instance once its claim runs out: one object per key', async () => {
    await s3.stop();
    const { keys } = await startPhotos();
    await s3.start();
    t.clock.advance(60_000);
    // The first instance claims both and uploads one, then "dies" before it records anything.
    await t.db
      .updateTable('blob_objects')
      .set({ claimed_by: 'dead-instance', claimed_until: new Date(t.clock.now().getTime() + DRAIN_LEASE_MS).toISOString() })
      .where('key', 'in', keys)
      .execute();
    await store().bucket!.put(keys[0]!, (await store().localBytes.get(keys[0]!))!, 'image/jpeg');
    // While its claim holds, nobody else touches them (files other tests left waiting may go).
    const first = anotherInstance();
    await first.drainOnce('second');
    first.bucket!.destroy();
    expect((await Promise.all(keys.map(row))).map((r) => [r?.location, r?.claimed_by])).toEqual(keys.map(() => ['local', 'dead-instance']));
    t.clock.advance(DRAIN_LEASE_MS + 1000);
    const second = anotherInstance();
    expect((await second.drainOnce('second')).uploaded).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(await row(key)).toMatchObject({ location: 's3', claimed_by: null });
    // The bucket holds each key once (the repeat wrote the same key, never another).
    expect(s3.objectKeys().filter((k) => keys.includes(k))).toEqual([...keys].sort());
    second.bucket!.destroy();
  });

  it('a drain killed with SIGKILL in the middle loses nothing: after its claims run out the rest is moved, each key once', async () => {
    await s3.stop();
    const keys = Array.from({ length: 16 }, (_, i) => `killed-${Date.now()}-${i}.jpg`);
    for (const key of keys) await store().put(key, buildJpeg(600_000), 'image/jpeg');
    const rows = () => t.db.selectFrom('blob_objects').select(['key', 'location']).where('key', 'in', keys).execute();
    expect((await rows()).map((r) => r.location)).toEqual(keys.map(() => 'local'));
    await s3.start();
    // Its own instance, as a server's would be, killed at its first file moved.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...s3.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl,
      DB_SCHEMA: t.schema ?? '',
      // Its clock is this test's, which earlier tests of the file moved on.
      CLOCK_OFFSET_MS: String(t.clock.now().getTime() - Date.now()),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../test/drain-child.ts')], { env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
    await Promise.race([new Promise<void>((resolve) => child.stdout.on('data', () => resolve())), exited]);
    child.kill('SIGKILL');
    expect(await exited, stderr).toBe('SIGKILL');
    const movedByIt = (await rows()).filter((r) => r.location === 's3').length;
    expect(movedByIt).toBeGreaterThanOrEqual(1);
    expect(movedByIt).toBeLessThan(keys.length);

    t.clock.advance(DRAIN_LEASE_MS + 60_000);
    await store().drainOnce('survivor', 50);
    expect((await rows()).every((r) => r.location === 's3')).toBe(true);
    expect(s3.objectKeys().filter((k) => keys.includes(k))).toEqual([...keys].sort());
    for (const key of keys) expect(await store().localBytes.get(key)).toBeNull();
    // What the bucket holds is what was uploaded.
    expect((await store().get(keys[0]!))!.length).toBe(600_000);
    // A process of its own, compiled by tsx as it starts: over 20 s once on CI's loaded machine.
  }, 60_000);

  it('a file erased while the drain uploads it leaves nothing in the bucket: the drain removes what it uploaded for nobody', async () => {
    await s3.stop();
    const key = `erased-mid-upload-${Date.now()}.jpg`;
    await store().put(key, buildJpeg(50_000), 'image/jpeg');
    await s3.start();
    t.clock.advance(60_000);
    const drain = anotherInstance();
    const bucket = drain.bucket!;
    const put = bucket.put.bind(bucket);
    // Her erasure lands between the drain's claim and its PUT: the row and the local bytes go, and the
    // bucket has nothing to remove yet; then the PUT writes the object.
    bucket.put = async (k, ...rest) => {
      if (k === key) await store().delete(key);
      return put(k, ...rest);
    };
    await drain.drainOnce('drain');
    drain.bucket!.destroy();
    expect(await row(key)).toBeUndefined();
    expect(s3.objectKeys()).not.toContain(key);
    expect(await store().deletionsPending([key])).toEqual([]);
    expect(await store().localBytes.get(key)).toBeNull();
  });

  it('two instances draining at once upload each waiting file once', async () => {
    await s3.stop();
    // Twelve files waiting (as six starts' photos would; their thumbnails are not what this is about).
    const keys = Array.from({ length: 12 }, (_, i) => `two-drains-${Date.now()}-${i}.jpg`);
    for (const key of keys) await store().put(key, buildJpeg(50_000), 'image/jpeg');
    await s3.start();
    t.clock.advance(60_000);
    const [a, b] = [anotherInstance(), anotherInstance()];
    const puts: string[] = [];
    for (const instance of [a, b]) {
      const bucket = instance.bucket!;
      const put = bucket.put.bind(bucket);
      bucket.put = (key, ...rest) => (puts.push(key), put(key, ...rest));
    }
    const rounds = await Promise.all([a.drainOnce('a', 5), b.drainOnce('b', 5), a.drainOnce('a2', 5), b.drainOnce('b2', 5)]);
    // A round claims at most its limit (on PostgreSQL a re-run subquery once let one round claim them all).
    for (const round of rounds) expect(round.uploaded).toBeLessThanOrEqual(5);
    const more = await Promise.all([a.drainOnce('a', 50), b.drainOnce('b', 50)]);
    const uploaded = [...rounds, ...more].reduce((n, r) => n + r.uploaded, 0);
    const mine = puts.filter((k) => keys.includes(k));
    expect(uploaded).toBeGreaterThanOrEqual(keys.length);
    expect(mine.length).toBe(keys.length);
    expect(new Set(mine).size).toBe(keys.length);
    for (const key of keys) expect((await row(key))!.location).toBe('s3');
    a.bucket!.destroy();
    b.bucket!.destroy();
  });

  it('a deletion the bucket does not confirm stays listed, throws, and the drain finishes it when the bucket is back', async () => {
    const { keys } = await startPhotos();
    await s3.stop();
    await expect(store().delete(keys[0]!)).rejects.toBeInstanceOf(BlobDeletionPending);
    expect(await row(keys[0]!)).toBeUndefined();
    expect(await store().deletionsPending(keys)).toEqual([keys[0]]);
    await s3.start();
    expect(s3.objectKeys()).toContain(keys[0]);
    t.clock.advance(60_000);
    expect((await store().drainOnce('test-holder')).deleted).toBeGreaterThanOrEqual(1);
    expect(await store().deletionsPending(keys)).toEqual([]);
    expect(s3.objectKeys()).not.toContain(keys[0]);
    // With the bucket up a deletion is done at once.
    await store().delete(keys[1]!);
    expect(s3.objectKeys()).not.toContain(keys[1]);
    expect(await store().deletionsPending(keys)).toEqual([]);
  });

  it('the thumbnail of a file stored before the register is made from its bytes when first asked for', async () => {
    const key = `legacy-${Date.now()}.jpg`;
    const photo = buildPhoto();
    await store().localBytes.put(key, photo);
    expect(await row(key)).toBeUndefined();
    expect(await store().get(key)).toEqual(photo);
    const thumbnail = await store().thumbnail(key);
    expect((await sharp(thumbnail!).metadata()).format).toBe('webp');
    // Bytes no image library reads have none; the upload stood without one.
    const unreadable = `odd-${Date.now()}.jpg`;
    await store().put(unreadable, buildJpeg(), 'image/jpeg');
    expect((await row(unreadable))!.thumbnail).toBeNull();
    expect(await store().thumbnail(unreadable)).toBeNull();
  });
});

describe('the bucket at the start', () => {
  it('a missing bucket, or a server that does not answer, is one sentence naming it', async () => {
    const s3 = await startS3Server();
    try {
      const config = loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATABASE_URL: 'sqlite::memory:' });
      const missing = new S3Bucket(config.blobs.s3!);
      await expect(missing.check()).rejects.toThrow(`BLOB_STORE=s3: bucket "no-such-bucket" at ${s3.endpoint}: it does not exist`);
      missing.destroy();
      await s3.stop();
      const down = new S3Bucket({ ...config.blobs.s3!, bucket: 'promotor-test', timeoutMs: 1000 });
      await expect(down.check()).rejects.toThrow(/^BLOB_STORE=s3: bucket "promotor-test" at http:\/\/127\.0\.0\.1:\d+: no answer/);
      down.destroy();
    } finally {
      await s3.close();
    }
  });

  it('BLOB_STORE=s3 without its bucket settings is refused by the configuration, naming each', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(/S3_ENDPOINT[\s\S]*S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({}).blobs.mode).toBe('file');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).blobs.mode).toBe('database');
  });
});

// What the pending area is on each database: the one the issue names.
describe('the pending area', () => {
  it('is DATA_DIR/blobs on SQLite and the blobs table on PostgreSQL', () => {
    const fake = { db: {} as never };
    expect(localBytesOf({ ...fake, dialect: 'sqlite' }, '/tmp/x', 's3').constructor.name).toBe('FileBlobStore');
    expect(localBytesOf({ ...fake, dialect: 'postgres' }, '/tmp/x', 's3').constructor.name).toBe('DatabaseBlobStore');
  });
});

describe('the drain in a running server', () => {
  it('moves what waited once the bucket is back, and warns in the log while the oldest file has waited over 10 minutes', async () => {
    const s3 = await startS3Server();
    const lines: { level: number; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const t = await createTestApp('sqlite', { env: { ...s3.env, BLOB_DRAIN_INTERVAL_SECONDS: '1' }, logStream });
    try {
      await s3.stop();
      await t.app.blobStore.put('waiting.jpg', buildPhoto(), 'image/jpeg');
      t.clock.advance(11 * 60_000);
      await vi.waitFor(() => expect(lines.some((l) => l.level === 40 && l.msg.includes('waited over 10 minutes'))).toBe(true), {
        timeout: 10_000,
      });
      await s3.start();
      t.clock.advance(15 * 60_000);
      await vi.waitFor(async () => expect((await t.app.blobStore.pending()).count).toBe(0), { timeout: 10_000 });
      expect(s3.objectKeys()).toContain('waiting.jpg');
    } finally {
      await t.close();
      await s3.close();
    }
  });
});

describe.each(testDatabases)('an upload kept with its rows: BlobStore.putThenWrite, BLOB_STORE=file|database (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A file row as action photos write it: the row names the blob. */
  const fileRow = async () => {
    const promoter = await buildSignedInPromoter(t);
    const action = await buildAction(t, promoter, { status: 'started' });
    const id = newId();
    const row = {
      id,
      action_id: action.uuid,
      user_id: promoter.userId,
      ident: 'start' as const,
      position: 0,
      blob_key: `${id}.jpg`,
      content_type: 'image/jpeg',
      size: 4,
      created_at: t.clock.now().toISOString(),
    };
    return row;
  };
  const rowCount = async (id: string) => (await t.db.selectFrom('action_files').select('id').where('id', '=', id).execute()).length;

  it('keeps the bytes and the rows when the write succeeds', async () => {
    const row = await fileRow();
    const data = buildJpeg();
    await t.app.blobStore.putThenWrite([{ key: row.blob_key, data }], (trx) => trx.insertInto('action_files').values(row).execute());
    expect(await t.app.blobStore.get(row.blob_key)).toEqual(data);
    expect(await rowCount(row.id)).toBe(1);
  });

  const registered = async (key: string) => (await t.db.selectFrom('blob_objects').select('key').where('key', '=', key).execute()).length;

  it("commits the files' rows in the register with the upload's own, in one transaction (one commit an upload)", async () => {
    const row = await fileRow();
    let seenMeanwhile: number | undefined;
    await t.app.blobStore.putThenWrite([{ key: row.blob_key, data: buildJpeg() }], async (trx) => {
      // Another connection, while the transaction is open: the register's row is not committed before it.
      seenMeanwhile = await registered(row.blob_key);
      expect(await trx.selectFrom('blob_objects').select('key').where('key', '=', row.blob_key).execute()).toHaveLength(1);
      await trx.insertInto('action_files').values(row).execute();
    });
    expect(seenMeanwhile).toBe(0);
    expect(await registered(row.blob_key)).toBe(1);
  });

  it('removes the stored bytes and writes no row when the database write fails', async () => {
    const row = await fileRow();
    const second = `${newId()}.jpg`;
    const failing = t.app.blobStore.putThenWrite(
      [
        { key: row.blob_key, data: buildJpeg() },
        { key: second, data: buildJpeg() },
      ],
      async (trx) => {
        await trx.insertInto('action_files').values(row).execute();
        // The same id again: the primary key refuses it, inside the transaction.
        await trx.insertInto('action_files').values(row).execute();
      },
    );
    await expect(failing).rejects.toThrow();
    expect(await t.app.blobStore.get(row.blob_key)).toBeNull();
    expect(await t.app.blobStore.get(second)).toBeNull();
    expect(await rowCount(row.id)).toBe(0);
    expect([await registered(row.blob_key), await registered(second)]).toEqual([0, 0]);
  });

  it('removes the bytes already stored when a later one cannot be stored', async () => {
    const row = await fileRow();
    const failing = t.app.blobStore.putThenWrite(
      [
        { key: row.blob_key, data: buildJpeg() },
        { key: '../outside', data: buildJpeg() },
      ],
      async () => {
        throw new Error('never reached');
      },
    );
    await expect(failing).rejects.toThrow(/invalid blob key/);
    expect(await t.app.blobStore.get(row.blob_key)).toBeNull();
  });
});
