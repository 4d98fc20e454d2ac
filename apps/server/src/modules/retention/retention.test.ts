import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { JobRunner } from '../../plugins/scheduled-jobs.ts';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildAction, buildLead, buildSignedInPromoter } from '../../test/builders.ts';
import { buildConsumer } from '../../test/consumer-builders.ts';
import { buildJpeg } from '../../test/files.ts';
import { checkOut } from '../../test/action-steps.ts';
import { PKIN, north, ping } from '../../test/live.ts';
import { buildRegistrar, newContact, requestCodes } from '../../test/registrations.ts';
import { buildInvitedStaff } from '../../test/staff-accounts.ts';
import { buildReport, getReport, storeReportImage } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { RETENTION_JOB, retentionJob, runRetention, type RetentionDeps } from './retention.service.ts';

// Retention (issue 26, decision 099): with the clock moved forward, what is older than its cut-off
// goes and what is newer stays; one instance at a time runs the job; each run is in the audit log.
// A fresh database per test: the counts of a run are exact.
describe.each(testDatabases)('retention (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  const deps = (o: Partial<RetentionDeps> = {}) => ({
    db: t.db,
    blobStore: t.app.blobStore,
    ...t.config.retention,
    intervalMs: HOUR,
    ...o,
  });
  const runner = (holder: string) => new JobRunner({ db: t.db, now: t.clock.now, holder });
  /** One run as the scheduler makes it, in a tick of its own, its counts read from its audit entry (the newest). */
  async function run(o: Partial<RetentionDeps> = {}) {
    t.clock.advance(HOUR);
    expect(await runner('instance-a').runOnce(retentionJob(deps(o)))).toBe('ran');
    const [entry] = await auditEntries(t, 'retention.run');
    return JSON.parse(entry!.details!) as { cutoffs: Record<string, string>; removed: Record<string, number> };
  }
  const pingsOf = (actionId: string) => t.db.selectFrom('action_locations').select('id').where('action_id', '=', actionId).execute();
  const lastPingOf = (actionId: string) =>
    t.db
      .selectFrom('action_assignments')
      .select(['last_ping_at', 'last_ping_latitude'])
      .where('action_id', '=', actionId)
      .executeTakeFirstOrThrow();

  it('pings older than LOCATION_RETENTION_DAYS go, a thousand at a time, with her last ping on that assignment; newer ones stay', async () => {
    const ewa = await buildSignedInPromoter(t);
    const march = await buildAction(t, ewa, { status: 'started' });
    for (let i = 0; i < 5; i++) await ping(t, ewa.token, march, north(PKIN, i * 10));
    t.clock.advance(60 * DAY);
    const ola = await buildSignedInPromoter(t);
    const may = await buildAction(t, ola, { status: 'started' });
    await ping(t, ola.token, may, PKIN);
    t.clock.advance(31 * DAY);

    // Batches of 2 here stand for the thousand: five old pings take three statements.
    const { removed, cutoffs } = await run({ batchSize: 2 });
    expect(removed).toMatchObject({ locationPings: 5, lastPings: 1 });
    expect(cutoffs.locations).toBe(new Date(t.clock.now().getTime() - 90 * DAY).toISOString());
    expect(await pingsOf(march.uuid)).toEqual([]);
    expect(await lastPingOf(march.uuid)).toEqual({ last_ping_at: null, last_ping_latitude: null });
    expect(await pingsOf(may.uuid)).toHaveLength(1);
    expect((await lastPingOf(may.uuid)).last_ping_latitude).toBe(PKIN.latitude);

    // Run again: nothing left to remove.
    expect((await run()).removed).toMatchObject({ locationPings: 0, lastPings: 0 });
  });

  it("receipts' images older than RECEIPT_IMAGE_RETENTION_DAYS are removed; the receipts and registrations still count in her report", async () => {
    const waw = await buildTerritory(t, 'WAW');
    const report = await buildReport(t, waw);
    await buildLead(t, report.promoter, { action: report.action, items: [{ brand: 'Glo', model: 'Hyper Pro' }] });
    const old = await storeReportImage(t, report, 'receipt');
    t.clock.advance(400 * DAY);
    const newer = await storeReportImage(t, report, 'receipt', buildJpeg(3000));
    t.clock.advance(331 * DAY);

    expect((await run()).removed).toMatchObject({ receiptImages: 1 });
    const rows = await t.db.selectFrom('action_receipts').select(['id', 'blob_key', 'image_removed_at']).orderBy('created_at').execute();
    expect(rows.map((r) => [r.id, r.image_removed_at])).toEqual([
      [old, t.clock.now().toISOString()],
      [newer, null],
    ]);
    expect(await t.app.blobStore.get(rows[0]!.blob_key)).toBeNull();
    expect(await t.app.blobStore.get(rows[1]!.blob_key)).not.toBeNull();

    // The back office: both receipts and the registration still counted; the removed image is 410, not a 500.
    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    const detail = (await getReport(t.app, coordinator.token, report.ref)).json().data.report;
    expect(detail.receipts.map((r: { uuid: string; imageKept: boolean }) => [r.uuid, r.imageKept])).toEqual([
      [old, false],
      [newer, true],
    ]);
    expect(detail.registrationsByModel).toEqual([{ brand: 'Glo', model: 'Hyper Pro', count: 1 }]);
    const removedImage = await post(t.app, '/admin/reports/receipt', { receipt: { uuid: old } }, coordinator.token);
    expect([removedImage.statusCode, removedImage.json().data.error]).toEqual([410, 'E_RECEIPT_IMAGE_REMOVED']);
    expect((await post(t.app, '/admin/reports/receipt', { receipt: { uuid: newer } }, coordinator.token)).statusCode).toBe(200);
  });

  it('codes expired longer than CODE_RETENTION_DAYS go (webform codes, password resets, unconfirmed MGM requests); a confirmed MGM request is a proof and stays', async () => {
    const registrar = await buildRegistrar(t);
    expect((await requestCodes(t, registrar.token, newContact())).statusCode).toBe(200);
    expect((await post(t.app, '/auth/reset-token', { username: registrar.username })).statusCode).toBe(200);
    const consumer = await buildConsumer(t);
    const mgmRequest = (confirmed: boolean) => ({
      id: newId(),
      user_id: registrar.userId,
      consumer_id: consumer,
      action_id: registrar.action.uuid,
      action_point_id: null,
      consents: '[]',
      channel: 'sms' as const,
      recipient: '+48600100200',
      code_hash: 'x',
      sent_at: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + 600_000).toISOString(),
      confirmed_at: confirmed ? t.clock.now().toISOString() : null,
    });
    const proof = mgmRequest(true);
    await t.db
      .insertInto('mgm_consent_confirmations')
      .values([mgmRequest(false), proof])
      .execute();
    t.clock.advance(8 * DAY);

    expect((await run()).removed).toMatchObject({ leadCodes: 1, passwordResetCodes: 1, mgmUnconfirmedRequests: 1 });
    expect(await t.db.selectFrom('lead_otps').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('password_resets').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('mgm_consent_confirmations').select('id').execute()).toEqual([{ id: proof.id }]);

    // Codes of the last days stay.
    expect((await requestCodes(t, registrar.token, newContact())).statusCode).toBe(200);
    expect((await post(t.app, '/auth/reset-token', { username: registrar.username })).statusCode).toBe(200);
    t.clock.advance(6 * DAY);
    expect((await run()).removed).toMatchObject({ leadCodes: 0, passwordResetCodes: 0, mgmUnconfirmedRequests: 0 });
    expect(await t.db.selectFrom('lead_otps').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('password_resets').select('id').execute()).toHaveLength(1);
  });

  it("a staff member's reset codes and set-password links go CODE_RETENTION_DAYS after they expired; newer ones stay", async () => {
    const admin = await buildSignedInStaff(t);
    const old = await buildInvitedStaff(t, admin.token);
    expect((await post(t.app, '/admin/auth/reset-token', { username: admin.username })).statusCode).toBe(200);
    // The link expires in 72 hours, the code in 10 minutes: both long expired a week later.
    t.clock.advance(3 * DAY + 8 * DAY);
    const fresh = await buildInvitedStaff(t, admin.token);
    expect((await run()).removed).toMatchObject({ staffResetCodes: 1, staffPasswordLinks: 1 });
    const links = await t.db.selectFrom('staff_password_links').select('staff_id').execute();
    expect(links).toEqual([{ staff_id: fresh.uuid }]);
    expect(links.map((l) => l.staff_id)).not.toContain(old.uuid);
    expect(await t.db.selectFrom('staff_password_resets').select('id').execute()).toEqual([]);
  });

  it('once per tick across instances: a second instance later in the same tick skips and writes nothing; the next tick runs once', async () => {
    const [a, b] = [runner('instance-a'), runner('instance-b')];
    t.clock.advance(HOUR - (t.clock.now().getTime() % HOUR)); // the start of a tick
    // One after another, so nothing depends on who is faster: a's run is over before b asks.
    expect(await a.runOnce(retentionJob(deps()))).toBe('ran');
    t.clock.advance(HOUR / 2 - 1);
    expect(await b.runOnce(retentionJob(deps()))).toBe('skipped');
    expect(await a.runOnce(retentionJob(deps()))).toBe('skipped');
    const entries = await auditEntries(t, 'retention.run');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_type: 'system', actor_name: 'retention', actor_id: null, address: null });
    const details = JSON.parse(entries[0]!.details!);
    expect(Object.keys(details.cutoffs).sort()).toEqual([
      'codes',
      'idempotencyKeys',
      'locations',
      'notifications',
      'pushSubscriptions',
      'receiptImages',
    ]);
    expect(details.removed).toEqual({
      locationPings: 0,
      lastPings: 0,
      receiptImages: 0,
      leadCodes: 0,
      passwordResetCodes: 0,
      staffResetCodes: 0,
      staffPasswordLinks: 0,
      mgmUnconfirmedRequests: 0,
      rateCounters: expect.any(Number),
      idempotencyKeys: 0,
      notifications: 0,
      pushSends: 0,
      pushSubscriptions: 0,
    });

    // The next tick: whoever asks first runs it, the other skips.
    t.clock.advance(HOUR);
    expect(await b.runOnce(retentionJob(deps()))).toBe('ran');
    expect(await a.runOnce(retentionJob(deps()))).toBe('skipped');
    // Both asking at once: one runs.
    t.clock.advance(HOUR);
    expect((await Promise.all([a.runOnce(retentionJob(deps())), b.runOnce(retentionJob(deps()))])).sort()).toEqual(['ran', 'skipped']);
    expect(await auditEntries(t, 'retention.run')).toHaveLength(3);

    // The back office reads the entry: a system actor, no person.
    const admin = await buildSignedInStaff(t, { roles: ['admin'] });
    const listed = await post(t.app, '/admin/audit/list', { verb: 'retention.run' }, admin.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.entries[0].actor).toEqual({ type: 'system', uuid: null, name: 'retention', roles: [] });
  });

  it('idempotency keys older than a phone outbox may retry go; newer ones still replay', async () => {
    const ewa = await buildSignedInPromoter(t);
    const old = { 'idempotency-key': `old-${newId()}` };
    expect((await checkOut(t.app, ewa.token, await buildAction(t, ewa, { status: 'started' }), old)).statusCode).toBe(200);
    t.clock.advance(31 * DAY);
    const newer = { 'idempotency-key': `new-${newId()}` };
    const ola = await buildSignedInPromoter(t); // Ewa's session has ended by now
    const action = await buildAction(t, ola, { status: 'started' });
    const first = await checkOut(t.app, ola.token, action, newer);
    expect(first.statusCode).toBe(200);
    expect((await run()).removed).toMatchObject({ idempotencyKeys: 1 });
    const keys = await t.db.selectFrom('idempotency_keys').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual([newer['idempotency-key']]);
    expect((await checkOut(t.app, ola.token, action, newer)).body).toBe(first.body);
  });

  it("a crashed instance's lock is taken over once its lease has run out", async () => {
    const leaseEnd = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    await t.db.insertInto('job_locks').values({ name: RETENTION_JOB, holder: 'crashed-instance', locked_until: leaseEnd }).execute();
    expect(await runner('instance-a').runOnce(retentionJob(deps()))).toBe('skipped');
    expect(await auditEntries(t, 'retention.run')).toEqual([]);

    t.clock.advance(10 * 60_000);
    expect(await runner('instance-a').runOnce(retentionJob(deps()))).toBe('ran');
    expect(await auditEntries(t, 'retention.run')).toHaveLength(1);
    // Held by the one that ran until the next tick starts.
    const nextTick = new Date((Math.floor(t.clock.now().getTime() / HOUR) + 1) * HOUR).toISOString();
    expect(await t.db.selectFrom('job_locks').selectAll().execute()).toEqual([
      { name: RETENTION_JOB, holder: 'instance-a', locked_until: nextTick },
    ]);
  });

  it('ended rate-limit windows go, running ones stay', async () => {
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    await t.db
      .insertInto('rate_counters')
      .values([
        { key: 'ip:10.0.0.1', count: 3, expires_at: at(-1) },
        { key: 'ip:10.0.0.2', count: 1, expires_at: at(60_000) },
      ])
      .execute();
    const keepLock = async () => {};
    const { removed } = await runRetention(deps(), { now: t.clock.now, tick: t.clock.now(), keepLock });
    expect(removed.rateCounters).toBe(1);
    expect(await t.db.selectFrom('rate_counters').select('key').where('key', 'like', 'ip:10.0.0.%').execute()).toEqual([
      { key: 'ip:10.0.0.2' },
    ]);
  });
});
