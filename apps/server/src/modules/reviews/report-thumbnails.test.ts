import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildJpeg, buildPhoto } from '../../test/files.ts';
import { buildReport, markApproved, storeReportImage } from '../../test/reviews.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The report panel's thumbnails (issue 35, decision 130): the small WebP kept beside each file's row,
// behind the same checks as the full photo, answered while the bucket is down; the full photo then
// comes from the pending area, and from the bucket (a 303) once the drain has moved it.
describe.each(testDatabases)("a report's thumbnails with the files in a bucket (%s)", (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;
  let waw: string;
  let coordinator: { token: string };
  let krakow: { token: string };
  let client: { token: string };
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { env: s3.env });
    waw = await buildTerritory(t, 'WAW');
    const krk = await buildTerritory(t, 'KRK');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });
  afterEach(() => s3.start());

  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];
  const photoThumbnail = (uuid: string, token: string) => post(t.app, '/admin/reports/file-thumbnail', { file: { uuid } }, token);
  const receiptThumbnail = (uuid: string, token: string) => post(t.app, '/admin/reports/receipt-thumbnail', { receipt: { uuid } }, token);

  async function expectThumbnail(res: Awaited<ReturnType<typeof photoThumbnail>>) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!) <= 320]).toEqual(['webp', true]);
  }

  it("a report's photo and receipt have their WebP thumbnails for its coordinator; another territory's coordinator gets 404; the client only an approved report's", async () => {
    const report = await buildReport(t, waw);
    const photo = await storeReportImage(t, report, 'photo', buildPhoto());
    const receipt = await storeReportImage(t, report, 'receipt', buildPhoto());
    await expectThumbnail(await photoThumbnail(photo, coordinator.token));
    await expectThumbnail(await receiptThumbnail(receipt, coordinator.token));

    expect(errorOf(await photoThumbnail(photo, krakow.token))).toEqual([404, 'E_FILE_NOT_FOUND']);
    expect(errorOf(await receiptThumbnail(receipt, krakow.token))).toEqual([404, 'E_RECEIPT_NOT_FOUND']);
    // A receipt's id is not a photo's.
    expect(errorOf(await photoThumbnail(receipt, coordinator.token))).toEqual([404, 'E_FILE_NOT_FOUND']);
    // The brand's client: not while it waits for its review, then as the full photo.
    expect(errorOf(await photoThumbnail(photo, client.token))).toEqual([404, 'E_FILE_NOT_FOUND']);
    await markApproved(t, report);
    await expectThumbnail(await photoThumbnail(photo, client.token));
  });

  it('while the bucket is down the thumbnails still come and the full photo comes from the pending area; after the drain the full photo is a 303 to the bucket', async () => {
    const report = await buildReport(t, waw);
    await s3.stop();
    const bytes = buildPhoto();
    const photo = await storeReportImage(t, report, 'photo', bytes);
    await expectThumbnail(await photoThumbnail(photo, coordinator.token));
    const waiting = await post(t.app, '/admin/reports/file', { file: { uuid: photo } }, coordinator.token);
    expect([waiting.statusCode, waiting.rawPayload.equals(bytes)]).toEqual([200, true]);

    await s3.start();
    t.clock.advance(60_000);
    expect((await t.app.blobStore.drainOnce('test-holder')).uploaded).toBeGreaterThanOrEqual(1);
    const moved = await post(t.app, '/admin/reports/file', { file: { uuid: photo } }, coordinator.token);
    expect(moved.statusCode).toBe(303);
    expect(new URL(moved.headers.location as string).origin).toBe(s3.endpoint);
    // Down again: the full photo cannot be fetched from the bucket, the thumbnail still can.
    await s3.stop();
    await expectThumbnail(await photoThumbnail(photo, coordinator.token));
  });

  it('a file whose bytes are no image has no thumbnail (404 E_FILE_NOT_FOUND); a receipt whose image was removed says so (410)', async () => {
    const report = await buildReport(t, waw);
    const photo = await storeReportImage(t, report, 'photo', buildJpeg());
    expect(errorOf(await photoThumbnail(photo, coordinator.token))).toEqual([404, 'E_FILE_NOT_FOUND']);
    const receipt = await storeReportImage(t, report, 'receipt', buildPhoto());
    await t.db.updateTable('action_receipts').set({ image_removed_at: t.clock.now().toISOString() }).where('id', '=', receipt).execute();
    expect(errorOf(await receiptThumbnail(receipt, coordinator.token))).toEqual([410, 'E_RECEIPT_IMAGE_REMOVED']);
  });
});
