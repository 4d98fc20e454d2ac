import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { PushPayload } from '@promotor/contract';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { buildNotification, PERSONAL_DETAILS, pushSendOf } from '../../test/push-builders.ts';
import { startPushService, type PushService, type TestSubscription } from '../../test/push-service.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { PUSH_TTL_SECONDS, webPushTopic } from './push-message.ts';
import { PUSH_MAX_ATTEMPTS, PushSender, pushRetryDelayMs } from './push-sender.ts';

/** The test server's rule: outside production, so the push service on 127.0.0.1 may be posted to. */
const TEST_ENDPOINTS = { production: false, extraHostSuffixes: [] };

describe.each(testDatabases)('the push sender against a Web Push service (%s)', (dialect) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    [t, push] = await Promise.all([createTestApp(dialect), startPushService()]);
  });
  afterAll(async () => {
    await push?.close();
    await t?.close();
  });

  // What a test leaves waiting (a retry not yet due) must not be sent in the next one, whose clock moves on.
  afterEach(async () => {
    await t.db.updateTable('push_sends').set({ state: 'failed', claimed_by: null }).where('state', '=', 'pending').execute();
  });

  const sendDue = () => t.app.pushSender.sendDue();

  /** A promoter whose phone subscribed at the web-push-testing service through /push/subscribe. */
  async function promoterWithPhone() {
    const promoter = await buildSignedInPromoter(t);
    const phone = await subscribePhone(promoter.token);
    return { ...promoter, phone };
  }

  async function subscribePhone(token: string): Promise<TestSubscription> {
    const phone = await push.subscribe(t.app.pushSender.keys!.publicKey);
    const res = await post(
      t.app,
      '/push/subscribe',
      { subscription: { endpoint: phone.endpoint, expirationTime: null, keys: phone.keys } },
      token,
    );
    expect(res.statusCode).toBe(200);
    return phone;
  }

  const received = async (phone: TestSubscription) =>
    (await push.messages(phone.clientHash)).map((m) => PushPayload.strict().parse(JSON.parse(m)));
  const seenBy = (phone: TestSubscription) => push.seen.filter((s) => s.clientHash === phone.clientHash);
  const subscriptionOf = (phone: TestSubscription) =>
    t.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', phone.endpoint).executeTakeFirst();
  const notificationOf = (id: number) => t.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const inMs = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

  it('her phone gets the push decrypted: kind, the report to open, its receipt, the unread count, and nothing of her day', async () => {
    const ewa = await promoterWithPhone();
    await buildNotification(t, ewa.userId, { kind: 'plan_changed', readAt: t.clock.now().toISOString() });
    await buildNotification(t, ewa.userId, { kind: 'action_moved' });
    const actionId = crypto.randomUUID();
    const sentBack = await buildNotification(t, ewa.userId, {
      kind: 'report_returned',
      actionId,
      urgent: true,
      topic: `report:${actionId}`,
    });
    await sendDue();

    const messages = await received(ewa.phone);
    expect(messages.find((m) => m.kind === 'report_returned')).toEqual({
      kind: 'report_returned',
      url: `/raport/${actionId}`,
      receipt: sentBack.sends[0]!.receipt,
      unread: 2,
    });
    expect(messages.find((m) => m.kind === 'action_moved')).toMatchObject({ url: '/powiadomienia' });
    const raw = (await push.messages(ewa.phone.clientHash)).join('\n');
    for (const personal of [
      PERSONAL_DETAILS.actionName,
      PERSONAL_DETAILS.place,
      PERSONAL_DETAILS.note,
      'Ewa',
      'Testowa',
      ewa.username,
      ewa.ident,
    ]) {
      expect(raw).not.toContain(personal!);
    }
    const headers = seenBy(ewa.phone).find((s) => s.headers.topic === webPushTopic(`report:${actionId}`))!.headers;
    expect(headers).toMatchObject({ ttl: String(PUSH_TTL_SECONDS), urgency: 'high', 'content-encoding': 'aes128gcm' });
    expect(seenBy(ewa.phone).filter((s) => s.headers.urgency === 'normal')).toHaveLength(2);

    const send = await pushSendOf(t, sentBack.sends[0]!.id);
    expect(send).toMatchObject({ state: 'sent', sent_at: t.clock.now().toISOString(), attempts: 1, claimed_by: null });
    expect((await notificationOf(sentBack.id)).push_sent_at).toBe(t.clock.now().toISOString());
    expect((await subscriptionOf(ewa.phone))!.last_success_at).toBe(t.clock.now().toISOString());
  });

  it('one push per Topic burst: three plan changes queued together reach her phone once, the newest', async () => {
    const ewa = await promoterWithPhone();
    const burst = [];
    for (let i = 0; i < 3; i++) burst.push(await buildNotification(t, ewa.userId, { kind: 'plan_changed', topic: `plan:${ewa.userId}` }));
    const other = await buildNotification(t, ewa.userId, { kind: 'action_cancelled' });
    expect(await sendDue()).toMatchObject({ sent: 2, superseded: 2 });
    expect((await received(ewa.phone)).map((m) => m.receipt).sort()).toEqual([burst[2]!.sends[0]!.receipt, other.sends[0]!.receipt].sort());
    expect((await pushSendOf(t, burst[0]!.sends[0]!.id)).state).toBe('superseded');
    expect((await pushSendOf(t, burst[1]!.sends[0]!.id)).state).toBe('superseded');
  });

  it('an older push of the topic still waiting for its retry is superseded once a newer one went out', async () => {
    const ewa = await promoterWithPhone();
    const older = await buildNotification(t, ewa.userId, { topic: `plan:${ewa.userId}` });
    push.failNext(ewa.phone, { status: 500 });
    await sendDue();
    const newer = await buildNotification(t, ewa.userId, { topic: `plan:${ewa.userId}` });
    await sendDue();
    t.clock.advance(pushRetryDelayMs(1));
    expect(await sendDue()).toMatchObject({ sent: 0, superseded: 1 });
    expect((await received(ewa.phone)).map((m) => m.receipt)).toEqual([newer.sends[0]!.receipt]);
    expect((await pushSendOf(t, older.sends[0]!.id)).state).toBe('superseded');
  });

  it('410 from her push service deletes the subscription and the pushes still waiting for it', async () => {
    const ewa = await promoterWithPhone();
    const first = await buildNotification(t, ewa.userId);
    const second = await buildNotification(t, ewa.userId);
    await push.expire(ewa.phone.clientHash);
    // Both went at once; each answer 410 finds the subscription gone or deletes it.
    expect(await sendDue()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(new Set(seenBy(ewa.phone).map((s) => s.answered))).toEqual(new Set([410]));
    expect(await subscriptionOf(ewa.phone)).toBeUndefined();
    expect((await pushSendOf(t, first.sends[0]!.id)).state).toBe('gone');
    expect((await pushSendOf(t, second.sends[0]!.id)).state).toBe('gone');
    expect((await buildNotification(t, ewa.userId)).sends).toEqual([]);
  });

  it('404 does the same', async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    push.failNext(ewa.phone, { status: 404 });
    await sendDue();
    expect(await subscriptionOf(ewa.phone)).toBeUndefined();
    expect((await pushSendOf(t, queued.sends[0]!.id)).state).toBe('gone');
  });

  it('a 5xx is tried again after 10 s, then 20 s, and a later try delivers it once', async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    push.failNext(ewa.phone, { status: 503 }, { status: 502 });
    expect(await sendDue()).toMatchObject({ retried: 1 });
    expect(await pushSendOf(t, queued.sends[0]!.id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      next_attempt_at: inMs(10_000),
      last_error: 'HTTP 503',
    });
    t.clock.advance(9_999);
    expect(await sendDue()).toMatchObject({ retried: 0, sent: 0 });
    t.clock.advance(1);
    await sendDue();
    expect(await pushSendOf(t, queued.sends[0]!.id)).toMatchObject({ attempts: 2, next_attempt_at: inMs(20_000) });
    expect((await subscriptionOf(ewa.phone))!.failures).toBe(2);
    t.clock.advance(20_000);
    expect(await sendDue()).toMatchObject({ sent: 1 });
    expect(seenBy(ewa.phone).map((s) => s.answered)).toEqual([503, 502, 201]);
    expect(await received(ewa.phone)).toHaveLength(1);
    expect((await subscriptionOf(ewa.phone))!.failures).toBe(0);
  });

  it('a push service that does not answer is given up on at the timeout and tried again later', async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    const impatient = new PushSender({
      db: t.db,
      now: t.clock.now,
      keys: t.app.pushSender.keys,
      endpoints: TEST_ENDPOINTS,
      timeoutMs: 300,
    });
    push.failNext(ewa.phone, 'no answer');
    expect(await impatient.sendDue()).toMatchObject({ retried: 1 });
    const send = await pushSendOf(t, queued.sends[0]!.id);
    expect(send).toMatchObject({ state: 'pending', attempts: 1, claimed_by: null, next_attempt_at: inMs(10_000) });
    expect(send.last_error).toMatch(/Timeout|abort/i);
  });

  it("a 429's Retry-After is waited for when longer than the backoff", async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    push.failNext(ewa.phone, { status: 429, retryAfter: '120' });
    await sendDue();
    expect((await pushSendOf(t, queued.sends[0]!.id)).next_attempt_at).toBe(inMs(120_000));
  });

  it(`after ${PUSH_MAX_ATTEMPTS} failed tries the push is failed, and a 403 is failed at once`, async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    push.failNext(ewa.phone, ...Array.from({ length: PUSH_MAX_ATTEMPTS }, () => ({ status: 500 })));
    for (let i = 0; i < PUSH_MAX_ATTEMPTS; i++) {
      await sendDue();
      t.clock.advance(3_600_000);
    }
    expect(await pushSendOf(t, queued.sends[0]!.id)).toMatchObject({ state: 'failed', attempts: PUSH_MAX_ATTEMPTS });
    expect(seenBy(ewa.phone)).toHaveLength(PUSH_MAX_ATTEMPTS);
    expect(await sendDue()).toMatchObject({ sent: 0, failed: 0, retried: 0 });

    const refused = await buildNotification(t, ewa.userId);
    push.failNext(ewa.phone, { status: 403 });
    expect(await sendDue()).toMatchObject({ failed: 1 });
    expect(await pushSendOf(t, refused.sends[0]!.id)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'HTTP 403' });
    expect(await subscriptionOf(ewa.phone)).toBeDefined();
  });

  it('a push queued before her phone went to another promoter is not sent to it', async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    const ola = await buildSignedInPromoter(t);
    const res = await post(t.app, '/push/subscribe', { subscription: { endpoint: ewa.phone.endpoint, keys: ewa.phone.keys } }, ola.token);
    expect(res.statusCode).toBe(200);
    expect(await sendDue()).toMatchObject({ gone: 1, sent: 0 });
    expect(await received(ewa.phone)).toEqual([]);
    expect((await pushSendOf(t, queued.sends[0]!.id)).state).toBe('gone');
    expect((await subscriptionOf(ewa.phone))!.user_id).toBe(ola.userId);
  });

  it('no push goes to a phone she logged out of; its subscription is dropped', async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    expect((await post(t.app, '/auth/logout', undefined, ewa.token)).statusCode).toBe(200);
    expect(await sendDue()).toMatchObject({ gone: 1, sent: 0 });
    expect(await received(ewa.phone)).toEqual([]);
    expect(await subscriptionOf(ewa.phone)).toBeUndefined();
    expect((await pushSendOf(t, queued.sends[0]!.id)).state).toBe('gone');
  });

  it('a production sender never posts to an endpoint no push service of the rule has (a row kept before it): the subscription is dropped', async () => {
    const ewa = await promoterWithPhone();
    const queued = await buildNotification(t, ewa.userId);
    const production = new PushSender({
      db: t.db,
      now: t.clock.now,
      keys: t.app.pushSender.keys,
      endpoints: { production: true, extraHostSuffixes: [] },
    });
    expect(await production.sendDue()).toMatchObject({ gone: 1, sent: 0 });
    expect(seenBy(ewa.phone)).toEqual([]);
    expect(await subscriptionOf(ewa.phone)).toBeUndefined();
    expect((await pushSendOf(t, queued.sends[0]!.id)).state).toBe('gone');
  });

  it('three instances sending at once deliver each push exactly once', async () => {
    const ewa = await promoterWithPhone();
    await subscribePhone(ewa.token);
    const queued = [];
    for (let i = 0; i < 12; i++) queued.push(await buildNotification(t, ewa.userId));
    const others = [1, 2].map(
      () => new PushSender({ db: t.db, now: t.clock.now, keys: t.app.pushSender.keys, endpoints: TEST_ENDPOINTS, batch: 5, parallel: 2 }),
    );
    const rounds = await Promise.all([t.app.pushSender.sendDue(), ...others.map((s) => s.sendDue())]);
    expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(12 * 2);
    const phoneId = (await subscriptionOf(ewa.phone))!.id;
    const receipts = (await received(ewa.phone)).map((m) => m.receipt).sort();
    expect(receipts).toEqual(queued.map((q) => q.sends.find((s) => s.subscriptionId === phoneId)!.receipt).sort());
  });

  describe('scheduled in the server', () => {
    /** Another instance on this database with the sender scheduled every `everyMs`. */
    async function instance(everyMs: number) {
      const app = await buildApp({
        config: { ...t.config, push: { ...t.config.push, sendIntervalMs: everyMs } },
        database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
        now: t.clock.now,
        logger: false,
      });
      await app.ready();
      return app;
    }

    it('every second it looks: a queued push reaches her push service unasked', async () => {
      const app = await instance(1000);
      try {
        const ewa = await promoterWithPhone();
        await buildNotification(t, ewa.userId);
        // About a second here; the bound is loose for a loaded machine (the bench measures the 2 s).
        await vi.waitFor(async () => expect(await push.messages(ewa.phone.clientHash)).toHaveLength(1), { timeout: 4000, interval: 50 });
      } finally {
        await app.close();
      }
    });

    it('woken after a notification is written, it sends at once rather than at its next minute', async () => {
      const app = await instance(60_000);
      try {
        const ewa = await promoterWithPhone();
        await buildNotification(t, ewa.userId);
        app.pushSender.wake();
        await vi.waitFor(async () => expect(await push.messages(ewa.phone.clientHash)).toHaveLength(1), { timeout: 4000, interval: 50 });
      } finally {
        await app.close();
      }
    });
  });
});
