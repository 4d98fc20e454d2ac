import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { atWallHour } from '../../test/live.ts';
import { buildNotification, markRead, notificationRows, resend, smsTo, sweep, testNotifier } from '../../test/notifications.ts';
import { buildReport, requestChanges } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { JobRunner } from '../../plugins/scheduled-jobs.ts';
import { smsFallbackJob } from './sms-fallback.service.ts';

// The SMS fallback with a moved clock (issue 37, decision 135): what she has neither seen as a push nor
// read goes by SMS after SMS_FALLBACK_AFTER_SECONDS, once, never between 21:00 and 8:00, and exactly
// once however many sweeps run at once.

const MINUTE = 60_000;
let phones = 0;
/** A number of her own per promoter: the outbox's SMS are told apart by it. */
const newPhone = () => `+48 600 ${String(100_000 + ++phones).slice(0, 3)} ${String(100_000 + phones).slice(3)}`;

describe.each(testDatabases)('the SMS fallback (%s)', (dialect) => {
  let t: TestApp;
  let territory: string;
  let coordinator: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    territory = await buildTerritory(t, 'WAW');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
  });
  afterAll(() => t.close());
  // Each test from 10:00 of a later day: far from the quiet hours unless it goes there.
  beforeEach(() => {
    t.clock.advance(86_400_000);
    atWallHour(t, 10);
  });

  const promoter = (mobilePhone: string | null = newPhone()) =>
    buildSignedInPromoter(t, { territories: [territory], mobilePhone, firstname: 'Zofia', lastname: 'Poufna' });

  /** Her report sent back through the back office, its SMS due SMS_FALLBACK_AFTER_SECONDS from now. */
  async function sentBack(mobilePhone?: string | null) {
    const report = await buildReport(t, territory, { promoter: await promoter(mobilePhone) });
    const res = await requestChanges(t.app, coordinator.token, report.ref, 'Zdjęcie regału jest nieostre.', 'photos');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await notificationRows(t, report.promoter.userId);
    return { ...report, notification: row! };
  }
  const stateOf = async (userId: string) => (await notificationRows(t, userId)).map((r) => r.sms_state);

  it('a send-back she has not seen goes by SMS 600 s later, once, naming no one and pointing to the app', async () => {
    const phone = newPhone();
    const { promoter: her } = await sentBack(phone);
    t.clock.advance(10 * MINUTE - 1000);
    await sweep(t);
    expect(await smsTo(t, phone)).toEqual([]);
    t.clock.advance(1000);
    await sweep(t);
    const sms = await smsTo(t, phone);
    expect(sms.map((m) => m.body)).toEqual(['Promotor: Twój raport wrócił do poprawy. Szczegóły w aplikacji Promotor.']);
    const [row] = await notificationRows(t, her.userId);
    expect([row!.sms_state, row!.sms_sent_at, row!.sms_attempts]).toEqual(['sent', t.clock.now().toISOString(), 1]);
    t.clock.advance(10 * MINUTE);
    await sweep(t);
    expect(await smsTo(t, phone)).toHaveLength(1);
  });

  it('read in the app or shown as a push before then: no SMS, and it is marked not needed', async () => {
    const [readPhone, shownPhone] = [newPhone(), newPhone()];
    const read = await sentBack(readPhone);
    const shown = await sentBack(shownPhone);
    t.clock.advance(5 * MINUTE);
    expect((await markRead(t.app, read.promoter.token, { ids: [read.notification.id] })).statusCode).toBe(200);
    // The push module's /notifications/shown writes this when her phone showed the push.
    await t.db
      .updateTable('notifications')
      .set({ push_shown_at: t.clock.now().toISOString() })
      .where('id', '=', shown.notification.id)
      .execute();
    t.clock.advance(5 * MINUTE);
    expect(await sweep(t)).toEqual(expect.arrayContaining(['not_needed']));
    expect([...(await smsTo(t, readPhone)), ...(await smsTo(t, shownPhone))]).toEqual([]);
    expect([...(await stateOf(read.promoter.userId)), ...(await stateOf(shown.promoter.userId))]).toEqual(['not_needed', 'not_needed']);
  });

  it('due in the quiet hours it waits, and goes at 8:00', async () => {
    atWallHour(t, 20);
    t.clock.advance(55 * MINUTE);
    const phone = newPhone();
    const { promoter: her } = await sentBack(phone);
    t.clock.advance(10 * MINUTE);
    await sweep(t);
    expect(await smsTo(t, phone)).toEqual([]);
    const [held] = await notificationRows(t, her.userId);
    expect(held!.sms_state).toBe('quiet_hours');
    atWallHour(t, 7);
    t.clock.advance(59 * MINUTE);
    expect(held!.sms_due_at).toBe(new Date(t.clock.now().getTime() + MINUTE).toISOString());
    await sweep(t);
    expect(await smsTo(t, phone)).toEqual([]);
    t.clock.advance(MINUTE);
    await sweep(t);
    expect(await smsTo(t, phone)).toHaveLength(1);
    expect(await stateOf(her.userId)).toEqual(['sent']);
  });

  it('sweeps of several instances at once send exactly one SMS per notification', async () => {
    const phones = Array.from({ length: 6 }, newPhone);
    for (const phone of phones) await sentBack(phone);
    t.clock.advance(10 * MINUTE);
    const notifier = testNotifier(t);
    await Promise.all(Array.from({ length: 8 }, () => sweep(t, notifier)));
    for (const phone of phones) expect(await smsTo(t, phone), phone).toHaveLength(1);
  });

  it('without her phone number it fails, and the back office sees so', async () => {
    const { promoter: her } = await sentBack(null);
    t.clock.advance(10 * MINUTE);
    expect(await sweep(t)).toContain('failed');
    expect(await stateOf(her.userId)).toEqual(['failed']);
  });

  it('a promoter deactivated before her SMS falls due gets none, nor from a resend: not needed', async () => {
    const phone = newPhone();
    const { promoter: her, notification } = await sentBack(phone);
    const admin = await buildSignedInStaff(t, { roles: ['admin'] });
    const deactivated = await post(t.app, '/admin/promoters/deactivate', { promoter: { uuid: her.userId } }, admin.token, {
      'idempotency-key': randomUUID(),
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    t.clock.advance(10 * MINUTE);
    await sweep(t);
    expect(await stateOf(her.userId)).toEqual(['not_needed']);

    t.clock.advance(MINUTE);
    const resent = await resend(t.app, coordinator.token, notification.id);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.notification.sms).toBe('not_needed');
    expect(await smsTo(t, phone)).toEqual([]);
  });

  it('the scheduled job runs once per tick across instances', async () => {
    const phone = newPhone();
    const her = await promoter(phone);
    await buildNotification(t, her, { kind: 'report_returned', sms: 'waiting', minutesAgo: 11 });
    const deps = { db: t.db, notifier: testNotifier(t), timezone: t.config.timezone, publicUrl: null, everyMs: MINUTE };
    const runner = (holder: string) => new JobRunner({ db: t.db, now: t.clock.now, holder });
    const outcomes = await Promise.all([runner('a').runOnce(smsFallbackJob(deps)), runner('b').runOnce(smsFallbackJob(deps))]);
    expect(outcomes.sort()).toEqual(['ran', 'skipped']);
    expect(await smsTo(t, phone)).toHaveLength(1);
  });
});
