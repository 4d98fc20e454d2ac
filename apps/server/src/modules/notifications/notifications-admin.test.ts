import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toWallClock } from '@promotor/contract/wall-clock';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { atWallHour } from '../../test/live.ts';
import {
  adminDeliveries,
  buildNotification,
  buildSubscriptions,
  markRead,
  notificationRows,
  pushSendsOf,
  resend,
  smsTo,
  sweep,
} from '../../test/notifications.ts';
import { assignAnother, buildReport, requestChanges } from '../../test/reviews.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// The back office's view of what reached her, and a resend (issue 37, decision 135): by role and by
// territory — another territory's coordinator gets what a missing action or notification gets.

type Staff = BuiltStaff & { token: string };
const MINUTE = 60_000;

describe.each(testDatabases)('what reached her, in the back office (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let coordinator: Staff;
  let krkCoordinator: Staff;
  let admin: Staff;
  let client: Staff;
  let privacy: Staff;
  let phones = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    const krk = await buildTerritory(t, 'KRK');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw], firstname: 'Beata', lastname: 'Biurowa' });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    admin = await buildSignedInStaff(t, { roles: ['admin'], firstname: 'Adam', lastname: 'Kierownik' });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.advance(86_400_000);
    atWallHour(t, 10);
  });

  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];
  const wall = (at: Date) => toWallClock(at, t.config.timezone);

  /** Her report sent back (2 devices with push), and another promoter of the action told of her assignment. */
  async function sentBack() {
    const phone = `+48 601 000 ${String(++phones).padStart(3, '0')}`;
    const promoter = await buildSignedInPromoter(t, { territories: [waw], firstname: 'Zofia', lastname: 'Nowak', mobilePhone: phone });
    const report = await buildReport(t, waw, { promoter });
    await buildSubscriptions(t, promoter, 2);
    expect((await requestChanges(t.app, coordinator.token, report.ref, 'Popraw zdjęcia.')).statusCode).toBe(200);
    const other = await assignAnother(t, report, waw, null);
    const assigned = await buildNotification(t, other.promoter, { actionId: report.action.uuid });
    const [returned] = await notificationRows(t, promoter.userId);
    return { report, phone, other, returned: returned!, assigned };
  }

  it("an action's view: each promoter's notifications, pushed, shown, read; a report's view: hers only", async () => {
    const { report, other, returned, assigned } = await sentBack();
    const shownAt = new Date(t.clock.now().getTime() + MINUTE);
    await t.db
      .updateTable('notifications')
      .set({ push_sent_at: shownAt.toISOString(), push_shown_at: shownAt.toISOString() })
      .where('id', '=', returned.id)
      .execute();
    t.clock.advance(2 * MINUTE);
    expect((await markRead(t.app, report.promoter.token, { all: true })).statusCode).toBe(200);

    for (const staff of [coordinator, admin]) {
      const res = await adminDeliveries(t.app, staff.token, { action: { uuid: report.action.uuid } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.notifications.map((n: { id: number }) => n.id)).toEqual([assigned, returned.id]);
      expect(res.json().data.notifications[1]).toEqual({
        id: returned.id,
        kind: 'report_returned',
        createdAt: wall(new Date(returned.created_at)),
        promoter: { ident: report.promoter.ident, name: 'Zofia Nowak' },
        action: { uuid: report.action.uuid, name: report.action.name },
        pushDevices: 2,
        pushSentAt: wall(shownAt),
        pushShownAt: wall(shownAt),
        readAt: wall(t.clock.now()),
        sms: 'not_needed',
        smsDueAt: null,
        smsSentAt: null,
        resentAt: null,
        resentBy: null,
      });
    }
    const hers = await adminDeliveries(t.app, coordinator.token, {
      action: { uuid: report.action.uuid },
      promoter: { ident: other.promoter.ident },
    });
    expect(hers.json().data.notifications.map((n: { id: number }) => n.id)).toEqual([assigned]);
  });

  it("another territory's coordinator gets what a missing action gets; without reports.read it is 403; the brand's client sees no send-back and no names", async () => {
    const { report, assigned } = await sentBack();
    const ref = { action: { uuid: report.action.uuid } };
    expect(errorOf(await adminDeliveries(t.app, krkCoordinator.token, ref))).toEqual([404, 'E_ACTION_NOT_FOUND']);
    expect(errorOf(await adminDeliveries(t.app, coordinator.token, { action: { uuid: 'no-such-action' } }))).toEqual([
      404,
      'E_ACTION_NOT_FOUND',
    ]);
    const tried = (await auditEntries(t, 'access.not_found')).filter((e) => e.object_id === report.action.uuid);
    expect(tried).toHaveLength(1);
    expect(errorOf(await adminDeliveries(t.app, privacy.token, ref))).toEqual([403, 'E_FORBIDDEN']);
    expect(errorOf(await adminDeliveries(t.app, report.promoter.token, ref))).toEqual([403, 'E_FORBIDDEN']);
    const seen = await adminDeliveries(t.app, client.token, ref);
    expect(seen.json().data.notifications.map((n: { id: number; promoter: { name: string } }) => [n.id, n.promoter.name])).toEqual([
      [assigned, ''],
    ]);
  });

  it('a resend pushes to every device of hers now and sends its SMS at once, stamped and audited; another within a minute changes nothing', async () => {
    const { report, phone, returned } = await sentBack();
    t.clock.advance(2 * MINUTE);
    const res = await resend(t.app, coordinator.token, returned.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notification).toMatchObject({
      resentAt: wall(t.clock.now()),
      resentBy: 'Beata Biurowa',
      sms: 'sent',
      smsDueAt: null,
      pushDevices: 2,
    });
    const sends = await pushSendsOf(t, returned.id);
    expect(sends.map((s) => [s.state, s.created_at])).toEqual([
      ['pending', returned.created_at],
      ['pending', returned.created_at],
      ['pending', t.clock.now().toISOString()],
      ['pending', t.clock.now().toISOString()],
    ]);
    expect(await smsTo(t, phone)).toHaveLength(1);
    const [entry] = (await auditEntries(t, 'notifications.resend')).filter((e) => e.object_id === report.action.uuid);
    expect(JSON.parse(entry!.details!)).toEqual({
      notification: returned.id,
      kind: 'report_returned',
      promoter: report.promoter.ident,
      pushDevices: 2,
      sms: 'waiting',
    });
    expect(entry!.actor_id).toBe(coordinator.staffId);

    t.clock.advance(30_000);
    expect((await resend(t.app, admin.token, returned.id)).json().data.notification.resentBy).toBe('Beata Biurowa');
    expect(await pushSendsOf(t, returned.id)).toHaveLength(4);
    t.clock.advance(31_000);
    expect((await resend(t.app, coordinator.token, returned.id)).statusCode).toBe(200);
    expect(await pushSendsOf(t, returned.id)).toHaveLength(6);
    expect(await smsTo(t, phone)).toHaveLength(2);
    // The SMS of a resend stops only when she reads it (a shown push did not make her act).
    expect((await markRead(t.app, report.promoter.token, { all: true })).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await resend(t.app, coordinator.token, returned.id)).json().data.notification.sms).toBe('not_needed');
    expect(await smsTo(t, phone)).toHaveLength(2);
  });

  it('a resend in the quiet hours pushes now and sends the SMS at 8:00; one of an event without SMS only pushes', async () => {
    const { phone, returned, other, assigned } = await sentBack();
    atWallHour(t, 22);
    const res = await resend(t.app, coordinator.token, returned.id);
    expect(res.json().data.notification.sms).toBe('quiet_hours');
    // The back office reads 'Cisza nocna — wyśle o 8:00' and when: the next 8:00 of APP_TIMEZONE.
    expect(res.json().data.notification.smsDueAt).toMatch(/ 08:00:00$/);
    expect(await smsTo(t, phone)).toEqual([]);
    atWallHour(t, 8);
    await sweep(t);
    expect(await smsTo(t, phone)).toHaveLength(1);

    await buildSubscriptions(t, other.promoter, 1);
    const pushOnly = await resend(t.app, coordinator.token, assigned);
    expect(pushOnly.json().data.notification).toMatchObject({ sms: 'not_needed', pushDevices: 1 });
    expect(await pushSendsOf(t, assigned)).toHaveLength(1);
  });

  it("a resend: another territory's coordinator gets not found (recorded as tried), the client and privacy 403, one key replays", async () => {
    const { returned } = await sentBack();
    expect(errorOf(await resend(t.app, krkCoordinator.token, returned.id))).toEqual([404, 'E_NOT_FOUND']);
    expect(errorOf(await resend(t.app, coordinator.token, 999_999))).toEqual([404, 'E_NOT_FOUND']);
    expect(
      (await auditEntries(t, 'access.not_found')).some((e) => e.object_type === 'notification' && e.object_id === String(returned.id)),
    ).toBe(true);
    expect(errorOf(await resend(t.app, client.token, returned.id))).toEqual([403, 'E_FORBIDDEN']);
    expect(errorOf(await resend(t.app, privacy.token, returned.id))).toEqual([403, 'E_FORBIDDEN']);
    const first = await resend(t.app, coordinator.token, returned.id, 'klucz-ponowienia');
    t.clock.advance(2 * MINUTE);
    const again = await resend(t.app, coordinator.token, returned.id, 'klucz-ponowienia');
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect((await auditEntries(t, 'notifications.resend')).filter((e) => JSON.parse(e.details!).notification === returned.id)).toHaveLength(
      1,
    );
  });

  it("a plan change (no action) is reached through her territories: her coordinator resends it, another territory's does not find it", async () => {
    const promoter = await buildSignedInPromoter(t, { territories: [waw] });
    const id = await buildNotification(t, promoter, { kind: 'plan_changed' });
    expect(errorOf(await resend(t.app, krkCoordinator.token, id))).toEqual([404, 'E_NOT_FOUND']);
    const res = await resend(t.app, coordinator.token, id);
    expect([res.statusCode, res.json().data.notification.action]).toEqual([200, null]);
    const [entry] = (await auditEntries(t, 'notifications.resend')).filter((e) => e.object_id === promoter.userId);
    expect(entry!.object_type).toBe('promoter');
  });
});
