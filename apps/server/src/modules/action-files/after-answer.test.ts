import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { AFTER_ANSWER_MAX_WAITING } from '../../plugins/blob-store.ts';
import { JobRunner } from '../../plugins/scheduled-jobs.ts';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';
import { buildJpeg, buildScene, photosRequest, uploadPhotos } from '../../test/files.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { photoFingerprintsJob } from '../integrity/integrity-photos.service.ts';

// Issue 35: an upload is answered once its bytes are durable; its thumbnails (a decode of the full
// photo) and its fingerprints (issue 38) are made right after the answer (plugins/after-answer.ts).
// Nothing of it is lost: a read waits for its thumbnail, the app's close for all of it, and the
// fingerprints a killed instance never made are made by the photo-fingerprints job.
describe.each(testDatabases)("the work after an upload's answer (%s)", (dialect) => {
  let t: TestApp;
  // As the phone sees it: a request ends with its answer.
  beforeAll(async () => void (t = await createTestApp(dialect, { settleAfterRequests: false })));
  afterAll(() => t.close());

  const storedOf = (fileId: string) =>
    t.db
      .selectFrom('action_files as f')
      .innerJoin('blob_objects as b', 'b.key', 'f.blob_key')
      .select(['f.blob_key', 'f.sha256', 'f.dhash', 'f.dhash_crops', 'b.thumbnail'])
      .where('f.id', '=', fileId)
      .executeTakeFirstOrThrow();

  async function upload(app = t) {
    const promoter = await buildSignedInPromoter(app);
    const action = await buildAction(app, promoter);
    const photos = await Promise.all([buildScene(351, { width: 1600, height: 1200 }), buildScene(352, { width: 1600, height: 1200 })]);
    const res = await uploadPhotos(app.app, promoter.token, { action: { uuid: action.uuid }, ident: 'bereal_start' }, photos);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.files as { uuid: string }[]).map((f) => f.uuid);
  }

  it('the answer comes before the thumbnails and fingerprints are made; they follow, and a read of a thumbnail meanwhile waits for it', async () => {
    const [front, rear] = await upload();
    expect(t.app.blobStore.afterAnswer.size).toBeGreaterThan(0);
    // The back office asking for the thumbnail at once gets it, not a placeholder.
    const thumbnail = await t.app.blobStore.thumbnail((await storedOf(front!)).blob_key);
    expect(thumbnail?.subarray(8, 12).toString()).toBe('WEBP');

    await t.app.blobStore.afterAnswer.settled();
    for (const fileId of [front!, rear!]) {
      const stored = await storedOf(fileId);
      expect(stored.thumbnail).not.toBeNull();
      expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.dhash).toMatch(/^[0-9a-f]{16}$/);
      expect(stored.dhash_crops?.split(' ')).toHaveLength(4);
    }
  });

  it('an upload on its way holds back the work after other answers until it is answered, or refused', async () => {
    const promoter = await buildSignedInPromoter(t);
    const action = await buildAction(t, promoter);
    const photos = await Promise.all([buildScene(354), buildScene(355)]);
    const queue = t.app.blobStore.afterAnswer;
    await queue.settled();
    for (const input of [
      { action: { uuid: action.uuid }, ident: 'bereal_start' },
      { action: { uuid: action.uuid }, ident: 'no-such-ident' },
    ]) {
      const request = photosRequest(promoter.token, input, photos);
      // Its first kilobyte sent, the rest still to come (a phone on a slow line).
      const body = new PassThrough();
      const answer = t.app.inject({ ...request, payload: body });
      body.write(request.payload.subarray(0, 1024));
      await expect.poll(() => queue.holding, { timeout: 5_000 }).toBe(1);
      let ran = false;
      const task = queue.run('a thumbnail of an earlier upload', async () => void (ran = true));
      await sleep(200);
      expect(ran).toBe(false);
      body.end(request.payload.subarray(1024));
      expect((await answer).statusCode).toBe(input.ident === 'bereal_start' ? 200 : 400);
      await task;
      expect(ran).toBe(true);
      expect(queue.holding).toBe(0);
    }
  });

  it('an upload cut off on its way (the phone lost its line) releases its hold, and one cut off before its hook takes none', async () => {
    const other = await createTestApp(dialect, { settleAfterRequests: false });
    try {
      const promoter = await buildSignedInPromoter(other);
      const action = await buildAction(other, promoter);
      const request = photosRequest(promoter.token, { action: { uuid: action.uuid }, ident: 'bereal_start' }, [buildJpeg(200_000)]);
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.app.server.address() as AddressInfo;
      /** The upload's head and its first `bytes` sent, the rest never: a phone whose line is about to drop. */
      const startSending = (bytes: number) => {
        const headers = { ...request.headers, 'content-length': String(request.payload.length) };
        const sending = http.request({ host: '127.0.0.1', port, method: 'POST', path: request.url, headers });
        sending.on('error', () => undefined); // its own cut-off
        sending.flushHeaders();
        if (bytes) sending.write(request.payload.subarray(0, bytes));
        return sending;
      };
      const holding = () => other.app.blobStore.afterAnswer.holding;

      const midBody = startSending(1024);
      await expect.poll(holding, { timeout: 5_000 }).toBe(1);
      midBody.destroy();
      await expect.poll(holding, { timeout: 5_000 }).toBe(0);

      // PostgreSQL: cut off while the session's check (an earlier hook) waits for its table, locked
      // here: by the time the hold's hook runs, the response's 'close' has been. (SQLite's readers
      // never wait for a lock.)
      if (dialect !== 'postgres') return;
      let unlock = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const lock = other.db.transaction().execute(async (trx) => {
        await sql`lock table sessions in access exclusive mode`.execute(trx);
        locked();
        await new Promise<void>((resolve) => (unlock = resolve));
      });
      await isLocked;
      const early = startSending(0);
      const waiting = sql<{ n: string }>`select count(*) as n from pg_locks where not granted`;
      await expect.poll(async () => Number((await waiting.execute(other.db)).rows[0]!.n), { timeout: 5_000 }).toBeGreaterThan(0);
      early.destroy();
      await sleep(100);
      unlock();
      await lock;
      await sleep(300);
      expect(holding()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it(`past ${AFTER_ANSWER_MAX_WAITING} tasks waiting, an upload's thumbnail is made before its answer (memory stays bounded)`, async () => {
    const store = t.app.blobStore;
    // Uploads storing their bytes hold the queue; fill it to its bound.
    const storing = store.afterAnswer.hold();
    const waiting = Array.from({ length: AFTER_ANSWER_MAX_WAITING }, () => store.afterAnswer.run('a task', async () => undefined));
    try {
      const key = `${newId()}.jpg`;
      await store.put(key, await buildScene(353, { width: 800, height: 600 }), 'image/jpeg');
      const row = await t.db.selectFrom('blob_objects').select('thumbnail').where('key', '=', key).executeTakeFirstOrThrow();
      expect(row.thumbnail).not.toBeNull();
    } finally {
      storing();
      await Promise.all(waiting);
    }
  });

  it("the app's close (SIGTERM's drain) waits for the work its answers left", async () => {
    const other = await createTestApp(dialect, { settleAfterRequests: false });
    try {
      const files = await upload(other);
      await other.app.close();
      const made = await other.db
        .selectFrom('action_files as f')
        .innerJoin('blob_objects as b', 'b.key', 'f.blob_key')
        .select(['f.dhash', 'b.thumbnail'])
        .where('f.id', 'in', files)
        .execute();
      expect(made.map((m) => [m.dhash !== null, m.thumbnail !== null])).toEqual([
        [true, true],
        [true, true],
      ]);
    } finally {
      await other.close();
    }
  });

  it("an instance killed before the work: the photo-fingerprints job makes what it left, once the photo is a minute old, and only the last two days'", async () => {
    const [front, rear] = await upload();
    await t.app.blobStore.afterAnswer.settled();
    // As if the instance had died with its answer sent: no fingerprints, no thumbnail.
    const key = (await storedOf(front!)).blob_key;
    await t.db
      .updateTable('action_files')
      .set({ sha256: null, dhash: null, dhash_crops: null, spread: null })
      .where('id', 'in', [front!, rear!])
      .execute();
    await t.db.updateTable('blob_objects').set({ thumbnail: null }).where('key', '=', key).execute();
    // One left three days ago is not the job's any more (`npm run blobs -- fingerprints` is).
    const longAgo = new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString();
    await t.db.updateTable('action_files').set({ created_at: longAgo }).where('id', '=', rear!).execute();
    const job = photoFingerprintsJob({
      db: t.db,
      now: t.clock.now,
      timezone: t.config.timezone,
      store: t.app.blobStore,
      everyMs: 3_600_000,
    });
    const runner = new JobRunner({ db: t.db, now: t.clock.now, holder: `fingerprints-${dialect}` });

    // Under a minute old: its own instance may still be at it.
    expect(await runner.runOnce(job)).toBe('ran');
    expect((await storedOf(front!)).dhash).toBeNull();

    t.clock.advance(2 * 60_000 + 3_600_000);
    expect(await runner.runOnce(job)).toBe('ran');
    expect((await storedOf(front!)).dhash).toMatch(/^[0-9a-f]{16}$/);
    expect((await storedOf(rear!)).dhash).toBeNull();
    // The thumbnail it needed was made again from the bytes, and kept.
    expect((await storedOf(front!)).thumbnail).not.toBeNull();
  });
});
