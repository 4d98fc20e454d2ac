import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildSignedInPromoter, wallTime, type BuiltAction } from '../../test/builders.ts';
import { checkIn, checkOut } from '../../test/action-steps.ts';

// Issue 20 item 2 (decision 072): check-in, check-out and the polls count when she tapped (tappedAt),
// within bounds, with the receipt time beside; the report's start, end and duration follow.

const NOW = '2026-06-10T10:00:00.000Z'; // 12:00 in Warsaw (summer time)
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

describe.each(testDatabases)('tap times (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { APP_TIMEZONE: 'Europe/Warsaw' } });
    t.clock.advance(Date.parse(NOW) - t.clock.now().getTime());
  });
  afterAll(() => t.close());

  const ago = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
  const eventsOf = (a: BuiltAction) =>
    t.db
      .selectFrom('action_status_events')
      .select(['kind', 'created_at', 'wall_time', 'received_at'])
      .where('action_id', '=', a.uuid)
      .orderBy('created_at')
      .execute();
  const startPoll = (token: string, a: BuiltAction, tappedAt?: string) =>
    post(
      t.app,
      '/poll/answer',
      {
        action: { uuid: a.uuid },
        poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: [] }] },
        ...(tappedAt ? { tappedAt } : {}),
      },
      token,
    );
  const pollTime = async (a: BuiltAction) =>
    t.db.selectFrom('poll_answers').select(['created_at', 'received_at']).where('action_id', '=', a.uuid).executeTakeFirstOrThrow();

  it('an offline start and finish are stored at her taps, with the receipt time beside, and the report reads them', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { since: wallTime(t, 0, '08:00') });
    const started = await checkIn(t.app, ewa.token, shop, { tappedAt: '2026-06-10T10:25:20+02:00' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.action.status.user.lastStatusCreated).toEqual({ date: '2026-06-10 10:25:20' });
    expect((await checkOut(t.app, ewa.token, shop, {}, { tappedAt: '2026-06-10T09:40:05.000Z' })).statusCode).toBe(200);

    expect(await eventsOf(shop)).toEqual([
      { kind: 'check_in', created_at: '2026-06-10T08:25:20.000Z', wall_time: '2026-06-10 10:25:20', received_at: NOW },
      { kind: 'check_out', created_at: '2026-06-10T09:40:05.000Z', wall_time: '2026-06-10 11:40:05', received_at: NOW },
    ]);
    const report = (await post(t.app, '/action/report', { action: { uuid: shop.uuid } }, ewa.token)).json().data.report;
    expect(report).toMatchObject({ start: '2026-06-10 10:25:20', end: '2026-06-10 11:40:05', durationSeconds: 4485 });
  });

  it('a poll answer is stored at her tap, and without one at its receipt', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    expect((await startPoll(ewa.token, shop, ago(90 * SECOND))).statusCode).toBe(200);
    expect(await pollTime(shop)).toEqual({ created_at: ago(90 * SECOND), received_at: NOW });
    expect((await startPoll(ewa.token, shop)).statusCode).toBe(200);
    expect(await pollTime(shop)).toEqual({ created_at: NOW, received_at: NOW });
  });

  it('a tap in the future counts as now: up to now it is kept', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    expect((await startPoll(ewa.token, shop, NOW)).statusCode).toBe(200);
    expect((await pollTime(shop)).created_at).toBe(NOW);
    expect((await startPoll(ewa.token, shop, new Date(Date.parse(NOW) + SECOND).toISOString())).statusCode).toBe(200);
    expect((await pollTime(shop)).created_at).toBe(NOW);
    const kiosk = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, kiosk, { tappedAt: new Date(Date.parse(NOW) + DAY).toISOString() })).statusCode).toBe(200);
    expect((await eventsOf(kiosk))[0]!.created_at).toBe(NOW);
  });

  it('a tap before the action’s start day began counts from the start of that day', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { since: '2026-06-09 08:00:00', until: '2026-06-10 22:00:00' });
    const dayStart = '2026-06-08T22:00:00.000Z'; // 9 June 00:00 in Warsaw
    expect((await startPoll(ewa.token, shop, dayStart)).statusCode).toBe(200);
    expect((await pollTime(shop)).created_at).toBe(dayStart);
    expect((await startPoll(ewa.token, shop, '2026-06-08T21:59:59.000Z')).statusCode).toBe(200);
    expect((await pollTime(shop)).created_at).toBe(dayStart);
  });

  it('a tap older than the outbox keeps a step counts from that limit (30 days)', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { since: '2026-04-20 08:00:00', until: '2026-06-10 22:00:00' });
    expect((await startPoll(ewa.token, shop, ago(30 * DAY))).statusCode).toBe(200);
    expect((await pollTime(shop)).created_at).toBe(ago(30 * DAY));
    expect((await startPoll(ewa.token, shop, ago(30 * DAY + SECOND))).statusCode).toBe(200);
    expect((await pollTime(shop)).created_at).toBe(ago(30 * DAY));
  });

  it('a check-out tapped before her check-in counts at the check-in: the duration is never negative', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { since: wallTime(t, 0, '08:00') });
    expect((await checkIn(t.app, ewa.token, shop, { tappedAt: ago(600 * SECOND) })).statusCode).toBe(200);
    expect((await checkOut(t.app, ewa.token, shop, {}, { tappedAt: ago(601 * SECOND) })).statusCode).toBe(200);
    expect((await eventsOf(shop)).map((e) => e.created_at)).toEqual([ago(600 * SECOND), ago(600 * SECOND)]);
    const report = (await post(t.app, '/action/report', { action: { uuid: shop.uuid } }, ewa.token)).json().data.report;
    expect(report.durationSeconds).toBe(0);
  });

  it('a cancel that arrived first does not move a start she tapped before it', async () => {
    const ewa = await buildSignedInPromoter(t);
    const cancelled = await buildAction(t, ewa);
    const shop = await buildAction(t, ewa, { since: wallTime(t, 0, '08:00') });
    const cancel = await post(
      t.app,
      '/action/cancel',
      { action: { uuid: cancelled.uuid }, actionPoint: { uuid: cancelled.points[0] } },
      ewa.token,
    );
    expect(cancel.statusCode).toBe(200);
    expect((await checkIn(t.app, ewa.token, shop, { tappedAt: ago(300 * SECOND) })).statusCode).toBe(200);
    expect((await eventsOf(shop))[0]!.created_at).toBe(ago(300 * SECOND));
  });

  it('a tap time that is no ISO time is E_VALIDATION', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const res = await checkIn(t.app, ewa.token, shop, { tappedAt: '2026-06-10 10:25:20' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error).toBe('E_VALIDATION');
  });
});
