import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import { buildSignedInStaff } from '../../test/admin-builders.ts';
import { buildSignedInPromoter, type BuiltPromoter } from '../../test/builders.ts';
import { buildNotification, buildSubscriptions, inbox, markRead, notificationRows, pushSendsOf } from '../../test/notifications.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { NOTIFICATION_RETENTION_DAYS, runRetention } from '../retention/retention.service.ts';

// Her inbox, 'Powiadomienia' (issue 37, decision 135): newest first by pages, the unread count, read by
// ids or all — only her own, never another promoter's — and kept NOTIFICATION_RETENTION_DAYS.

type Promoter = BuiltPromoter & { token: string };

describe.each(testDatabases)('her inbox (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const promoter = (): Promise<Promoter> => buildSignedInPromoter(t);
  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];

  it('lists hers newest first with the unread count, a page at a time from `before`', async () => {
    const anna = await promoter();
    const ids: number[] = [];
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 5; i++) ids.push(await buildNotification(t, anna, { minutesAgo: 100 - i }));
    const first = await inbox(t.app, anna.token);
    expect(first.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 5);
    expect(first.notifications.map((n) => n.id)).toEqual(ids.slice(5).reverse());
    expect(first.notifications[0]).toEqual({
      id: ids.at(-1),
      kind: 'action_assigned',
      createdAt: toWallClock(new Date(t.clock.now().getTime() - 46 * 60_000), t.config.timezone),
      readAt: null,
      details: expect.objectContaining({ note: null, changedActions: null }),
    });
    const next = await inbox(t.app, anna.token, { before: first.notifications.at(-1)!.id });
    expect(next.notifications.map((n) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await inbox(t.app, anna.token, { before: ids[0]! })).notifications).toEqual([]);
  });

  it('she marks some read, then all; the first read time stays, the count follows, a read SMS is not needed', async () => {
    const anna = await promoter();
    const [a, b, c] = [
      await buildNotification(t, anna, { kind: 'report_returned', sms: 'waiting' }),
      await buildNotification(t, anna),
      await buildNotification(t, anna),
    ];
    const some = await markRead(t.app, anna.token, { ids: [a!, a!] });
    expect([some.statusCode, some.json().data]).toEqual([200, { unread: 2 }]);
    const firstRead = (await notificationRows(t, anna.userId))[0]!.read_at;
    expect((await notificationRows(t, anna.userId))[0]!.sms_state).toBe('not_needed');

    t.clock.advance(60_000);
    const all = await markRead(t.app, anna.token, { all: true });
    expect([all.statusCode, all.json().data]).toEqual([200, { unread: 0 }]);
    const rows = await notificationRows(t, anna.userId);
    expect(rows.map((r) => r.id)).toEqual([a, b, c]);
    expect(rows[0]!.read_at).toBe(firstRead);
    expect(rows[1]!.read_at).toBe(t.clock.now().toISOString());
    const listed = await inbox(t.app, anna.token);
    expect(listed.notifications.find((n) => n.id === a)!.readAt).toBe(toWallClock(new Date(firstRead!), t.config.timezone));
  });

  it("'all' sent later from her outbox marks only what her phone had (upTo): what came after her tap stays unread", async () => {
    const anna = await promoter();
    const hadOnPhone = [await buildNotification(t, anna), await buildNotification(t, anna)];
    const cameAfter = await buildNotification(t, anna, { kind: 'report_returned', sms: 'waiting' });
    const res = await markRead(t.app, anna.token, { all: true, upTo: hadOnPhone[1]! });
    expect([res.statusCode, res.json().data]).toEqual([200, { unread: 1 }]);
    const rows = await notificationRows(t, anna.userId);
    expect(rows.map((r) => [r.id, r.read_at !== null])).toEqual([
      [hadOnPhone[0], true],
      [hadOnPhone[1], true],
      [cameAfter, false],
    ]);
    expect(rows[2]!.sms_state).toBe('waiting');
    // The first app versions send no upTo: all, as before.
    expect((await markRead(t.app, anna.token, { all: true })).json().data).toEqual({ unread: 0 });
  });

  it("a second promoter never sees the first's, and her ids in his read are passed over as ones that do not exist", async () => {
    const [anna, ewa] = [await promoter(), await promoter()];
    const hers = await buildNotification(t, anna);
    const his = await buildNotification(t, ewa);
    expect((await inbox(t.app, ewa.token)).notifications.map((n) => n.id)).toEqual([his]);
    const tried = await markRead(t.app, ewa.token, { ids: [hers] });
    expect([tried.statusCode, tried.json().data]).toEqual([200, { unread: 1 }]);
    expect((await markRead(t.app, ewa.token, { all: true })).json().data).toEqual({ unread: 0 });
    expect((await notificationRows(t, anna.userId)).map((r) => r.read_at)).toEqual([null]);
    expect((await inbox(t.app, anna.token)).unread).toBe(1);
  });

  it('only a promoter has an inbox: no token is 401, a staff token 403; a bad body 400 E_VALIDATION', async () => {
    const staff = await buildSignedInStaff(t, { roles: ['admin'] });
    const anna = await promoter();
    expect(errorOf(await post(t.app, '/notifications/list', {}))).toEqual([401, 'E_UNAUTHORIZED']);
    expect(errorOf(await post(t.app, '/notifications/list', {}, staff.token))).toEqual([403, 'E_FORBIDDEN']);
    expect(errorOf(await markRead(t.app, staff.token, { all: true }))).toEqual([403, 'E_FORBIDDEN']);
    for (const body of [
      { ids: [] },
      { ids: ['1'] },
      { ids: [0] },
      { all: false },
      { all: true, upTo: 0 },
      { all: true, upTo: 'newest' },
      {},
      { ids: Array.from({ length: 51 }, (_, i) => i + 1) },
    ]) {
      expect(
        errorOf(
          await post(t.app, '/notifications/read', body, anna.token, {
            'idempotency-key': `k-${JSON.stringify(body).length}-${Math.random()}`,
          }),
        ),
        JSON.stringify(body),
      ).toEqual([400, 'E_VALIDATION']);
    }
    expect(errorOf(await post(t.app, '/notifications/list', { before: -1 }, anna.token))).toEqual([400, 'E_VALIDATION']);
  });

  it(`the retention job removes notifications older than ${NOTIFICATION_RETENTION_DAYS} days with their pushes, and keeps the newer`, async () => {
    const anna = await promoter();
    await buildSubscriptions(t, anna, 1);
    const old = await buildNotification(t, anna, { minutesAgo: (NOTIFICATION_RETENTION_DAYS * 24 + 1) * 60 });
    const recent = await buildNotification(t, anna, { minutesAgo: (NOTIFICATION_RETENTION_DAYS * 24 - 1) * 60 });
    const at = t.clock.now().toISOString();
    for (const id of [old, recent]) {
      await t.db
        .insertInto('push_sends')
        .values({
          id: `${id}-${dialect}`,
          notification_id: id,
          subscription_id: 's',
          topic: 't',
          receipt: `r-${id}-${dialect}`,
          state: 'sent',
          created_at: at,
          attempts: 1,
          next_attempt_at: null,
          last_error: null,
          claimed_by: null,
          claimed_until: null,
          sent_at: at,
          shown_at: null,
        })
        .execute();
    }
    const deps = { db: t.db, blobStore: t.app.blobStore, locationDays: 90, receiptImageDays: 730, codeDays: 7, batchSize: 1 };
    const run = await runRetention(deps, { now: t.clock.now, tick: t.clock.now(), keepLock: async () => {} });
    expect(run.removed).toMatchObject({ notifications: 1, pushSends: 1 });
    expect((await notificationRows(t, anna.userId)).map((r) => r.id)).toEqual([recent]);
    expect(await pushSendsOf(t, old)).toEqual([]);
    expect(await pushSendsOf(t, recent)).toHaveLength(1);
  });
});
