import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { buildTerritory } from '../../test/admin-builders.ts';
import { buildLead } from '../../test/builders.ts';
import { buildPhoto } from '../../test/files.ts';
import { startRegistrationApp } from '../../test/registrations.ts';
import { buildReport, storeReportImage } from '../../test/reviews.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { officer, registerConsumer, requestsApi } from '../../test/subject-requests.ts';
import { testDatabases, type TestApp } from '../../test/test-app.ts';
import { JobRunner } from '../../plugins/scheduled-jobs.ts';
import { retentionJob } from '../retention/retention.service.ts';

// With BLOB_STORE=s3 (issue 35, decision 130) an erasure and retention remove the bucket's objects; an
// erasure whose objects the bucket does not confirm removed is not done: 503, the request stays open,
// the drain retries the removal, and the officer's next try completes it.
describe.each(testDatabases)('erasure and retention with files in a bucket (%s)', (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => {
    s3 = await startS3Server();
    ({ t, cat } = await startRegistrationApp(dialect, { env: s3.env }));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const receiptKey = async (id: string) =>
    (await t.db.selectFrom('action_receipts').select('blob_key').where('id', '=', id).executeTakeFirstOrThrow()).blob_key;

  it('an erasure while the bucket is down answers E_STORAGE_UNAVAILABLE and changes nothing; once it is back the erasure completes and her receipt object is gone', async () => {
    const o = await officer(t);
    const her = await registerConsumer(t, cat);
    const key = await receiptKey(her.receiptId);
    expect(s3.objectKeys()).toContain(key);
    const api = requestsApi(t);
    const created = await api.create(o.token, { consumer: { uuid: her.id }, kind: 'erasure' });
    const request = created.json().data.request.uuid as string;

    await s3.stop();
    const refused = await api.complete(o.token, request, { note: 'Usunięto na jej wniosek' });
    expect([refused.statusCode, refused.json().data.error]).toEqual([503, 'E_STORAGE_UNAVAILABLE']);
    const row = await t.db.selectFrom('consumer_requests').select('state').where('id', '=', request).executeTakeFirstOrThrow();
    expect(row.state).toBe('pending');
    const consumer = await t.db
      .selectFrom('consumers')
      .select(['erased_at', 'first_name'])
      .where('id', '=', her.id)
      .executeTakeFirstOrThrow();
    expect(consumer).toEqual({ erased_at: null, first_name: her.firstName });
    expect(await t.app.blobStore.deletionsPending([key])).toEqual([key]);

    await s3.start();
    t.clock.advance(60_000);
    expect((await t.app.blobStore.drainOnce('test')).deleted).toBeGreaterThanOrEqual(1);
    expect(s3.objectKeys()).not.toContain(key);
    const done = await api.complete(o.token, request, { note: 'Usunięto na jej wniosek' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.request.state).toBe('completed');
    expect(await t.db.selectFrom('blob_objects').select('key').where('key', '=', key).execute()).toEqual([]);
    const receipt = await t.db
      .selectFrom('action_receipts')
      .select('image_removed_at')
      .where('id', '=', her.receiptId)
      .executeTakeFirstOrThrow();
    expect(receipt.image_removed_at).not.toBeNull();
  });

  it("retention removes an old receipt's object from the bucket and leaves a newer one", async () => {
    const waw = await buildTerritory(t, `W${Math.random().toString(36).slice(2, 6).toUpperCase()}`);
    const report = await buildReport(t, waw);
    await buildLead(t, report.promoter, { action: report.action, items: [{ brand: 'Glo', model: 'Hyper Pro' }] });
    const old = await storeReportImage(t, report, 'receipt', buildPhoto());
    t.clock.advance(400 * 86_400_000);
    const newer = await storeReportImage(t, report, 'receipt', buildPhoto());
    t.clock.advance(331 * 86_400_000);
    const [oldKey, newerKey] = [await receiptKey(old), await receiptKey(newer)];
    expect(s3.objectKeys()).toEqual(expect.arrayContaining([oldKey, newerKey]));

    const runner = new JobRunner({ db: t.db, now: t.clock.now, holder: 'retention-test' });
    expect(await runner.runOnce(retentionJob({ db: t.db, blobStore: t.app.blobStore, ...t.config.retention, intervalMs: 3_600_000 }))).toBe(
      'ran',
    );
    expect(s3.objectKeys()).not.toContain(oldKey);
    expect(s3.objectKeys()).toContain(newerKey);
  });
});
