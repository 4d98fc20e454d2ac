import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushPayload } from '@promotor/contract';
import { buildApp } from '../../app.ts';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { adminDeliveries, buildSubscriptions, inbox, notificationRows, pushSendsOf, resend } from '../../test/notifications.ts';
import { startPushService, type PushService } from '../../test/push-service.ts';
import { buildReport, requestChanges } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 37, the two halves together (decisions 135, 136): a coordinator's send-back through the API
// reaches her phone's push service at once — the answer wakes the sender, whose own round here comes
// only every minute — with nothing of her day in the payload; the receipt her service worker posts
// back marks it shown, and the back office reads 'shown'.

describe.each(testDatabases)('a send-back reaches her phone (%s)', (dialect) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    [t, push] = await Promise.all([createTestApp(dialect), startPushService()]);
  });
  afterAll(async () => {
    await push?.close();
    await t?.close();
  });

  it('the send-back is pushed at once, names no one, and her phone showing it is what the coordinator reads', async () => {
    // A second instance on the same database whose sender looks only once a minute: only the wake-up
    // after the review's answer can deliver within the bound.
    const instance = await buildApp({
      config: { ...t.config, push: { ...t.config.push, sendIntervalMs: 60_000 } },
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: false,
    });
    await instance.ready();
    try {
      const waw = await buildTerritory(t, 'WAW-PUSH');
      const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
      const promoter = await buildSignedInPromoter(t, { territories: [waw] });
      const report = await buildReport(t, waw, { promoter });
      const phone = await push.subscribe(instance.pushSender.keys!.publicKey);
      const subscribed = await post(
        instance,
        '/push/subscribe',
        { subscription: { endpoint: phone.endpoint, keys: phone.keys } },
        promoter.token,
      );
      expect(subscribed.statusCode, subscribed.body).toBe(200);

      const note = 'Brakuje zdjęcia ekspozycji.';
      const reviewed = await requestChanges(instance, coordinator.token, report.ref, note);
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      const messages = async () => (await push.messages(phone.clientHash)).map((m) => PushPayload.strict().parse(JSON.parse(m)));
      await vi.waitFor(async () => expect(await messages()).toHaveLength(1), { timeout: 5_000, interval: 50 });
      const [payload] = await messages();
      expect(payload).toMatchObject({ kind: 'report_returned', url: `/raport/${report.action.uuid}`, unread: 1 });
      const raw = (await push.messages(phone.clientHash))[0]!;
      for (const personal of [note, report.action.name, promoter.ident]) expect(raw).not.toContain(personal);
      expect(push.seen.find((s) => s.clientHash === phone.clientHash)?.headers.urgency).toBe('high');

      // Her inbox has the note; the push does not.
      const [first] = (await inbox(instance, promoter.token)).notifications;
      expect(first).toMatchObject({ kind: 'report_returned', readAt: null, details: { note, actionUuid: report.action.uuid } });

      expect((await post(instance, '/notifications/shown', { receipt: payload!.receipt })).statusCode).toBe(200);
      const seen = await adminDeliveries(instance, coordinator.token, { action: { uuid: report.action.uuid } });
      expect(seen.json().data.notifications[0]).toMatchObject({ kind: 'report_returned', pushDevices: 1, readAt: null });
      expect(seen.json().data.notifications[0].pushShownAt).not.toBeNull();
    } finally {
      await instance.close();
    }
  });

  it('a production server without VAPID_* queues no push for her devices: the send-back counts none, and so does a resend', async () => {
    const pushOff = await buildApp({
      config: { ...t.config, nodeEnv: 'production', push: { ...t.config.push, vapid: null } },
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: false,
    });
    await pushOff.ready();
    try {
      const waw = await buildTerritory(t, 'WAW-NOPUSH');
      const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
      const promoter = await buildSignedInPromoter(t, { territories: [waw] });
      const report = await buildReport(t, waw, { promoter });
      // Her phones subscribed while push was on.
      await buildSubscriptions(t, promoter, 2);
      expect((await requestChanges(pushOff, coordinator.token, report.ref, 'Popraw zdjęcie.')).statusCode).toBe(200);
      const [row] = await notificationRows(t, promoter.userId);
      expect(row).toMatchObject({ kind: 'report_returned', push_devices: 0 });
      t.clock.advance(120_000);
      const resent = await resend(pushOff, coordinator.token, row!.id);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().data.notification.pushDevices).toBe(0);
      expect(await pushSendsOf(t, row!.id)).toEqual([]);
    } finally {
      await pushOff.close();
    }
  });
});
