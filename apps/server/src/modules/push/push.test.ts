import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config/env.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { notificationRows, sweep } from '../../test/notifications.ts';
import { browserSubscription, buildNotification, pushSendOf } from '../../test/push-builders.ts';
import { raceSame, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { runRetention } from '../retention/retention.service.ts';
import { MAX_SUBSCRIPTIONS_PER_PROMOTER, SUBSCRIPTION_RETENTION_DAYS } from './push.service.ts';

const DAY = 86_400_000;

describe.each(testDatabases)('push subscriptions and shown (%s)', (dialect) => {
  let t: TestApp;
  let production: FastifyInstance;
  let pushOff: FastifyInstance;
  /** The same database behind a production server, with `push` as its settings (decision 136). */
  async function productionApp(push: Config['push']): Promise<FastifyInstance> {
    const app = await buildApp({
      config: { ...t.config, nodeEnv: 'production', push },
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: false,
    });
    await app.ready();
    return app;
  }
  beforeAll(async () => {
    t = await createTestApp(dialect);
    production = await productionApp({ vapid: t.app.pushSender.keys, sendIntervalMs: 0, endpointHostSuffixes: ['push.firma.pl'] });
    pushOff = await productionApp({ vapid: null, sendIntervalMs: 0, endpointHostSuffixes: [] });
  });
  afterAll(async () => {
    await production?.close();
    await pushOff?.close();
    await t.close();
  });

  const subscribe = (token: string, subscription: unknown, app = t.app) => post(app, '/push/subscribe', { subscription }, token);
  const unsubscribe = (token: string, endpoint: string) => post(t.app, '/push/unsubscribe', { endpoint }, token);
  const shown = (receipt: string) => post(t.app, '/notifications/shown', { receipt });
  const errorOf = (res: { statusCode: number; json: () => { data: { error: string } } }) => [res.statusCode, res.json().data.error];
  const rowsOf = (endpoint: string) => t.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
  const herRows = (userId: string) => t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

  it("/push/key answers the server's public key; a production server without VAPID_* answers null", async () => {
    const ewa = await buildSignedInPromoter(t);
    const res = await post(t.app, '/push/key', undefined, ewa.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publicKey).toBe(t.app.pushSender.keys!.publicKey);
    expect(Buffer.from(res.json().data.publicKey, 'base64url')).toHaveLength(65);
    expect((await post(pushOff, '/push/key', undefined, ewa.token)).json().data).toEqual({ publicKey: null });
    expect((await post(t.app, '/push/key')).statusCode).toBe(401);
  });

  it('she subscribes a device; subscribing it again at the next start renews its one row', async () => {
    const ewa = await buildSignedInPromoter(t);
    const device = browserSubscription();
    expect((await subscribe(ewa.token, device)).statusCode).toBe(200);
    const [first] = await rowsOf(device.endpoint);
    expect(first).toMatchObject({ user_id: ewa.userId, p256dh: device.keys.p256dh, auth: device.keys.auth, failures: 0 });
    expect(first!.session_id).not.toBeNull();

    t.clock.advance(3_600_000);
    const renewed = { ...browserSubscription(device.endpoint), expirationTime: null };
    expect((await subscribe(ewa.token, renewed)).statusCode).toBe(200);
    const rows = await rowsOf(device.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, created_at: first!.created_at, p256dh: renewed.keys.p256dh });
    expect(rows[0]!.renewed_at > first!.renewed_at).toBe(true);
  });

  it('an endpoint another promoter subscribes on that phone becomes hers, with her session', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const device = browserSubscription();
    await subscribe(ewa.token, device);
    const [before] = await rowsOf(device.endpoint);
    expect((await subscribe(ola.token, device)).statusCode).toBe(200);
    const rows = await rowsOf(device.endpoint);
    expect(rows.map((r) => r.user_id)).toEqual([ola.userId]);
    expect(rows[0]!.session_id).not.toBe(before!.session_id);
  });

  it('only https endpoints are taken; http only on this machine, and never in production', async () => {
    const ewa = await buildSignedInPromoter(t);
    expect((await subscribe(ewa.token, browserSubscription('https://fcm.googleapis.com/fcm/send/abc'))).statusCode).toBe(200);
    expect((await subscribe(ewa.token, browserSubscription('http://localhost:8090/notify/abc'))).statusCode).toBe(200);
    expect((await subscribe(ewa.token, browserSubscription('http://127.0.0.1:8090/notify/def'))).statusCode).toBe(200);
    for (const endpoint of ['http://push.example.net/notify/abc', 'ftp://push.example.net/abc', 'http://10.0.0.5/notify/x']) {
      expect(errorOf(await subscribe(ewa.token, browserSubscription(endpoint))), endpoint).toEqual([422, 'E_PUSH_ENDPOINT_NOT_ALLOWED']);
    }
    const local = browserSubscription('http://localhost:8090/notify/production');
    expect(errorOf(await subscribe(ewa.token, local, production))).toEqual([422, 'E_PUSH_ENDPOINT_NOT_ALLOWED']);
    expect(await rowsOf(local.endpoint)).toEqual([]);
  });

  it("in production only the browsers' push services and PUSH_ENDPOINT_HOSTS are taken: no address of the server's network", async () => {
    const ewa = await buildSignedInPromoter(t);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://push.firma.pl/notify/abc',
      'https://eu.push.firma.pl/notify/abc',
    ]) {
      expect((await subscribe(ewa.token, browserSubscription(endpoint), production)).statusCode, endpoint).toBe(200);
    }
    for (const endpoint of [
      'https://127.0.0.1/notify/x',
      'https://10.0.0.5/notify/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/notify/x',
      'https://0x7f000001/notify/x',
      'https://localhost/notify/x',
      'https://intranet/notify/x',
      'https://push.example.net/wpush/v2/abc',
      'https://fcm.googleapis.com.evil.net/fcm/send/abc',
      'https://evilpush.firma.pl/notify/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
    ]) {
      expect(errorOf(await subscribe(ewa.token, browserSubscription(endpoint), production)), endpoint).toEqual([
        422,
        'E_PUSH_ENDPOINT_NOT_ALLOWED',
      ]);
      expect(await rowsOf(endpoint)).toEqual([]);
    }
  });

  it('a production server without VAPID_* keeps no subscription: push is off', async () => {
    const ewa = await buildSignedInPromoter(t);
    const device = browserSubscription('https://fcm.googleapis.com/fcm/send/push-off');
    expect(errorOf(await subscribe(ewa.token, device, pushOff))).toEqual([409, 'E_PUSH_OFF']);
    expect(await rowsOf(device.endpoint)).toEqual([]);
  });

  it('keys that are no browser keys are refused with the field named', async () => {
    const ewa = await buildSignedInPromoter(t);
    const device = browserSubscription();
    const bad = await subscribe(ewa.token, { ...device, keys: { p256dh: 'bm90IGEga2V5', auth: device.keys.auth } });
    expect(errorOf(bad)).toEqual([400, 'E_VALIDATION']);
    expect(JSON.stringify(bad.json())).toContain('subscription.keys.p256dh');
    expect(errorOf(await subscribe(ewa.token, { ...device, keys: { ...device.keys, auth: 'c2hvcnQ' } }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await subscribe(ewa.token, { endpoint: 'nie-adres', keys: device.keys }))).toEqual([400, 'E_VALIDATION']);
    expect(await rowsOf(device.endpoint)).toEqual([]);
  });

  it(`her device beyond ${MAX_SUBSCRIPTIONS_PER_PROMOTER} drops the one renewed longest ago, and what waited for it`, async () => {
    const ewa = await buildSignedInPromoter(t);
    const devices = Array.from({ length: MAX_SUBSCRIPTIONS_PER_PROMOTER + 1 }, () => browserSubscription());
    for (const device of devices.slice(0, -1)) {
      await subscribe(ewa.token, device);
      t.clock.advance(1000);
    }
    const queued = await buildNotification(t, ewa.userId);
    const [oldest] = await rowsOf(devices[0]!.endpoint);
    await subscribe(ewa.token, devices.at(-1));
    const rows = await herRows(ewa.userId);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((d) => d.endpoint)
        .sort(),
    );
    const dropped = queued.sends.find((s) => s.subscriptionId === oldest!.id)!;
    expect((await pushSendOf(t, dropped.id)).state).toBe('gone');
  });

  it('she unsubscribes her device; another promoter cannot unsubscribe hers', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const device = browserSubscription();
    await subscribe(ewa.token, device);
    const queued = await buildNotification(t, ewa.userId);
    expect(errorOf(await unsubscribe(ola.token, device.endpoint))).toEqual([404, 'E_PUSH_SUBSCRIPTION_NOT_FOUND']);
    expect(await rowsOf(device.endpoint)).toHaveLength(1);
    expect((await unsubscribe(ewa.token, device.endpoint)).statusCode).toBe(200);
    expect(await rowsOf(device.endpoint)).toEqual([]);
    expect((await pushSendOf(t, queued.sends[0]!.id)).state).toBe('gone');
    expect(errorOf(await unsubscribe(ewa.token, device.endpoint))).toEqual([404, 'E_PUSH_SUBSCRIPTION_NOT_FOUND']);
  });

  it('shown sets the push’s and the notification’s shown times once, without a session', async () => {
    const ewa = await buildSignedInPromoter(t);
    await subscribe(ewa.token, browserSubscription());
    await subscribe(ewa.token, browserSubscription());
    const { id, sends } = await buildNotification(t, ewa.userId);
    const [phone, tablet] = sends;
    const firstAt = t.clock.now().toISOString();
    expect((await shown(phone!.receipt)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await shown(phone!.receipt)).statusCode).toBe(200);
    expect((await shown(tablet!.receipt)).statusCode).toBe(200);
    expect((await pushSendOf(t, phone!.id)).shown_at).toBe(firstAt);
    expect((await pushSendOf(t, tablet!.id)).shown_at).toBe(t.clock.now().toISOString());
    const notification = await t.db.selectFrom('notifications').select('push_shown_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(notification.push_shown_at).toBe(firstAt);
  });

  it('a push shown counts for her older notifications of its topic, whose pushes it replaced: their SMS is not needed', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    await subscribe(ewa.token, browserSubscription());
    const topic = `action-${ewa.userId}`;
    const moved = await buildNotification(t, ewa.userId, { kind: 'action_moved', topic });
    const otherAction = await buildNotification(t, ewa.userId, { kind: 'action_moved' });
    const olasOfTheTopic = await buildNotification(t, ola.userId, { kind: 'action_moved', topic });
    const cancelled = await buildNotification(t, ewa.userId, { kind: 'action_cancelled', topic });
    const later = await buildNotification(t, ewa.userId, { kind: 'action_moved', topic });
    // The move's SMS is due: nothing of it was shown by itself.
    const due = new Date(t.clock.now().getTime() - 1000).toISOString();
    await t.db.updateTable('notifications').set({ sms_state: 'waiting', sms_due_at: due }).where('id', '=', moved.id).execute();

    expect((await shown(cancelled.sends[0]!.receipt)).statusCode).toBe(200);
    const shownAt = async (id: number) =>
      (await t.db.selectFrom('notifications').select('push_shown_at').where('id', '=', id).executeTakeFirstOrThrow()).push_shown_at;
    const at = t.clock.now().toISOString();
    expect(await shownAt(cancelled.id)).toBe(at);
    expect(await shownAt(moved.id)).toBe(at);
    for (const untouched of [otherAction, olasOfTheTopic, later]) expect(await shownAt(untouched.id)).toBeNull();
    expect(await sweep(t)).toContain('not_needed');
    const [row] = await notificationRows(t, ewa.userId);
    expect(row).toMatchObject({ id: moved.id, sms_state: 'not_needed' });
  });

  it(`the retention job drops a phone not renewed for ${SUBSCRIPTION_RETENTION_DAYS} days, with what waited for it; one renewed stays`, async () => {
    const ewa = await buildSignedInPromoter(t);
    const [lost, used] = [browserSubscription(), browserSubscription()];
    await subscribe(ewa.token, lost);
    await subscribe(ewa.token, used);
    t.clock.advance(SUBSCRIPTION_RETENTION_DAYS * DAY - 60_000);
    // Her app started on one phone only (she logged in again there): it renewed that one.
    expect((await subscribe(await loginAs(t.app, ewa.username), used)).statusCode).toBe(200);
    const queued = await buildNotification(t, ewa.userId);
    const [lostId] = (await rowsOf(lost.endpoint)).map((r) => r.id);
    t.clock.advance(120_000);
    const deps = { db: t.db, blobStore: t.app.blobStore, locationDays: 90, receiptImageDays: 730, codeDays: 7, batchSize: 1 };
    const run = await runRetention(deps, { now: t.clock.now, tick: t.clock.now(), keepLock: async () => {} });
    expect(run.removed.pushSubscriptions).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(lost.endpoint)).toEqual([]);
    expect(await rowsOf(used.endpoint)).toHaveLength(1);
    const stateOf = async (send: { id: string; subscriptionId: string }) => [
      send.subscriptionId === lostId,
      (await pushSendOf(t, send.id)).state,
    ];
    expect((await Promise.all(queued.sends.map(stateOf))).sort()).toEqual([
      [false, 'pending'],
      [true, 'gone'],
    ]);
  });

  it('a receipt the server never gave is not found; one too short is not valid', async () => {
    expect(errorOf(await shown('x'.repeat(32)))).toEqual([404, 'E_PUSH_RECEIPT_NOT_FOUND']);
    expect(errorOf(await shown('short'))).toEqual([400, 'E_VALIDATION']);
  });

  describe('races', () => {
    it('one endpoint subscribed ten times at once, by her and another promoter, leaves one row', async () => {
      const ewa = await buildSignedInPromoter(t);
      const ola = await buildSignedInPromoter(t);
      const device = browserSubscription();
      const outcomes = await raceSame(10, (i) => subscribe(i % 2 ? ola.token : ewa.token, device));
      expect(serverErrors(outcomes)).toEqual([]);
      expect(sortedLabels(outcomes)).toEqual(Array(10).fill('200'));
      const rows = await rowsOf(device.endpoint);
      expect(rows).toHaveLength(1);
      expect([ewa.userId, ola.userId]).toContain(rows[0]!.user_id);
    });

    it(`eight new devices of hers subscribed at once keep ${MAX_SUBSCRIPTIONS_PER_PROMOTER}`, async () => {
      const ewa = await buildSignedInPromoter(t);
      const outcomes = await raceSame(8, () => subscribe(ewa.token, browserSubscription()));
      expect(sortedLabels(outcomes)).toEqual(Array(8).fill('200'));
      expect(await herRows(ewa.userId)).toHaveLength(MAX_SUBSCRIPTIONS_PER_PROMOTER);
    });

    it('one endpoint unsubscribed five times at once: one 200, the others not found', async () => {
      const ewa = await buildSignedInPromoter(t);
      const device = browserSubscription();
      await subscribe(ewa.token, device);
      const outcomes = await raceSame(5, () => unsubscribe(ewa.token, device.endpoint));
      expect(sortedLabels(outcomes)).toEqual(['200', ...Array(4).fill('404 E_PUSH_SUBSCRIPTION_NOT_FOUND')]);
      expect(await rowsOf(device.endpoint)).toEqual([]);
    });

    it('one receipt reported shown ten times at once: every call 200, the time set once', async () => {
      const ewa = await buildSignedInPromoter(t);
      await subscribe(ewa.token, browserSubscription());
      const { id, sends } = await buildNotification(t, ewa.userId);
      const outcomes = await raceSame(10, () => shown(sends[0]!.receipt));
      expect(sortedLabels(outcomes)).toEqual(Array(10).fill('200'));
      const send = await pushSendOf(t, sends[0]!.id);
      const notification = await t.db.selectFrom('notifications').select('push_shown_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(notification.push_shown_at).toBe(send.shown_at);
      expect(send.shown_at).not.toBeNull();
    });
  });
});
