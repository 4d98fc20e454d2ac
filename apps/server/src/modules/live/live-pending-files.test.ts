import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildPhoto } from '../../test/files.ts';
import { live } from '../../test/live.ts';
import { buildReport, storeReportImage } from '../../test/reviews.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// The files waiting for the bucket beside the live day (issue 35, decision 130): how many and since
// when the oldest, the whole system's, for any coordinator; nothing while the bucket takes them.
describe.each(testDatabases)('files waiting for the bucket on the live day (%s)', (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('counts the files uploaded while the bucket was down, with the oldest one’s time, until the drain has moved them', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [await buildTerritory(t, 'KRK')] });
    const report = await buildReport(t, waw);
    await storeReportImage(t, report, 'photo', buildPhoto());
    expect((await live(t, krakow.token)).pendingFiles).toEqual({ count: 0, oldestAt: null });

    await s3.stop();
    const firstAt = t.clock.now().toISOString();
    await storeReportImage(t, report, 'photo', buildPhoto());
    t.clock.advance(90_000);
    await storeReportImage(t, report, 'receipt', buildPhoto());
    // Kraków's coordinator sees Warsaw's files waiting too: the bucket is the whole system's.
    expect((await live(t, krakow.token)).pendingFiles).toEqual({ count: 2, oldestAt: firstAt });

    await s3.start();
    t.clock.advance(60_000);
    expect((await t.app.blobStore.drainOnce('test-holder')).uploaded).toBe(2);
    expect((await live(t, krakow.token)).pendingFiles).toEqual({ count: 0, oldestAt: null });
  });
});
