import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWallClock } from '@promotor/contract/wall-clock';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import {
  buildAction,
  buildLead,
  buildSignedInPromoter,
  type BuiltAction,
  type BuiltPromoter,
  type LeadItemOptions,
} from '../../test/builders.ts';
import { checkIn, checkOut } from '../../test/action-steps.ts';

const HYPER_PRO: LeadItemOptions = { brand: 'Glo', model: 'Hyper Pro' };
const NANO: LeadItemOptions = { brand: 'Glo', model: 'nano' };
const VUSE_GO: LeadItemOptions = { brand: 'Vuse', model: 'Vuse Go' };
const FREEZE: LeadItemOptions = { brand: 'Velo', model: 'Velo Freeze' };

describe.each(testDatabases)('sample stats (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { APP_TIMEZONE: 'Europe/Warsaw' } });
    // Mid-April 2026 in Warsaw: last month, March, holds the change to summer time (29 March).
    t.clock.advance(Date.parse('2026-04-15T10:00:00Z') - t.clock.now().getTime());
  });
  afterAll(() => t.close());

  const register = (p: BuiltPromoter, at: string, items: LeadItemOptions[], action: BuiltAction | null = null) =>
    buildLead(t, p, { action, at: new Date(at), items });
  const stats = (p: BuiltPromoter & { token: string }, sample: object) =>
    post(t.app, '/sample/stats', { sample: { hostessCode: p.ident, currentAction: null, lastAction: null, ...sample } }, p.token);

  it('counts her devices by brand and model per month of the Warsaw wall clock, first and last seconds included', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    await register(ewa, '2026-02-28T22:59:59Z', [HYPER_PRO]); // 28 Feb 23:59:59 in Warsaw: neither month
    await register(ewa, '2026-02-28T23:00:00Z', [HYPER_PRO]); // 1 Mar 00:00:00 (UTC still February)
    await register(ewa, '2026-03-29T01:00:00Z', [VUSE_GO]); // 29 Mar 03:00:00, the first summer-time hour
    await register(ewa, '2026-03-31T21:59:59Z', [FREEZE, HYPER_PRO]); // 31 Mar 23:59:59 (UTC two hours behind now)
    await register(ewa, '2026-03-31T22:00:00Z', [NANO]); // 1 Apr 00:00:00 (UTC still March)
    await register(ewa, '2026-04-15T09:00:00Z', [NANO, FREEZE]);
    await register(ola, '2026-04-15T09:00:00Z', [VUSE_GO]); // another promoter's: never hers

    const res = await stats(ewa, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      currentAction: [],
      lastAction: [],
      currentMonth: [
        { brand: 'Glo', model: 'nano', count: 2 },
        { brand: 'Velo', model: 'Velo Freeze', count: 1 },
      ],
      lastMonth: [
        { brand: 'Glo', model: 'Hyper Pro', count: 2 },
        { brand: 'Velo', model: 'Velo Freeze', count: 1 },
        { brand: 'Vuse', model: 'Vuse Go', count: 1 },
      ],
    });
  });

  it('counts the registrations made in her current and her last action', async () => {
    const ewa = await buildSignedInPromoter(t);
    const current = await buildAction(t, ewa, { status: 'started', since: '2026-04-15 08:00:00' });
    const last = await buildAction(t, ewa, { status: 'finished', since: '2026-04-14 08:00:00' });
    const older = await buildAction(t, ewa, { status: 'finished', since: '2026-03-02 08:00:00' });
    await register(ewa, '2026-04-15T07:00:00Z', [HYPER_PRO, FREEZE], current);
    await register(ewa, '2026-04-15T08:00:00Z', [HYPER_PRO], current);
    await register(ewa, '2026-04-14T09:00:00Z', [VUSE_GO], last);
    await register(ewa, '2026-03-02T09:00:00Z', [NANO], older);

    const data = (await stats(ewa, { currentAction: current.uuid, lastAction: last.uuid })).json().data;
    expect(data.currentAction).toEqual([
      { brand: 'Glo', model: 'Hyper Pro', count: 2 },
      { brand: 'Velo', model: 'Velo Freeze', count: 1 },
    ]);
    expect(data.lastAction).toEqual([{ brand: 'Vuse', model: 'Vuse Go', count: 1 }]);
    expect(data.lastMonth).toEqual([{ brand: 'Glo', model: 'nano', count: 1 }]);
  });

  it("another promoter's hostess code is 403 E_NOT_YOUR_HOSTESS_CODE; another's action is 404", async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const olas = await buildAction(t, ola, { status: 'started', since: '2026-04-15 08:00:00' });
    await register(ola, '2026-04-15T07:00:00Z', [HYPER_PRO], olas);

    const code = await stats(ewa, { hostessCode: ola.ident });
    expect(code.statusCode).toBe(403);
    expect(code.json().data.error).toBe('E_NOT_YOUR_HOSTESS_CODE');
    for (const sample of [{ currentAction: olas.uuid }, { lastAction: olas.uuid }]) {
      const res = await stats(ewa, sample);
      expect(res.statusCode).toBe(404);
      expect(res.json().data.error).toBe('E_ACTION_NOT_FOUND');
    }
  });
});

describe.each(testDatabases)('action report (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const report = (token: string, action: BuiltAction) => post(t.app, '/action/report', { action: { uuid: action.uuid } }, token);
  const point = (name: string) => ({
    uuid: expect.any(String),
    name,
    address: expect.objectContaining({ cityName: 'Warszawa' }),
    point: expect.any(Object),
  });

  it('her start, end, change of point, duration and points come from her check-in and check-out', async () => {
    const ewa = await buildSignedInPromoter(t, { firstname: 'Ewa', lastname: 'Kwiatkowska' });
    const shop = await buildAction(t, ewa, { points: 2, name: 'Degustacja glo — test' });
    expect((await checkIn(t.app, ewa.token, shop)).statusCode).toBe(200);
    const startedAt = t.clock.now();
    t.clock.advance((2 * 3600 + 15 * 60 + 30) * 1000);
    const out = await post(t.app, '/action/check-out', { action: { uuid: shop.uuid }, actionPoint: { uuid: shop.points[1] } }, ewa.token);
    expect(out.statusCode).toBe(200);
    const endedAt = toWallClock(t.clock.now(), t.config.timezone);

    const res = await report(ewa.token, shop);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.report).toEqual({
      uuid: shop.uuid,
      ident: expect.stringMatching(/^AK-/),
      name: 'Degustacja glo — test',
      since: shop.since,
      territory: 'Warszawa',
      hostess: { firstname: 'Ewa', lastname: 'Kwiatkowska', ident: ewa.ident },
      start: toWallClock(startedAt, t.config.timezone),
      end: endedAt,
      locationChange: endedAt,
      durationSeconds: 8130,
      // Planned as 'accepted' by the organiser; her report is finished until the back office approves it (decision 090).
      status: 'finished',
      locations: [point('Punkt 1'), point('Punkt 2')],
      review: { state: 'submitted', note: null, reason: null },
    });
    expect(res.json().data.report.locations.map((p: { uuid: string }) => p.uuid)).toEqual(shop.points);
  });

  it('while she works the duration runs to now; before a check-in the report lists the action points and no times', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { points: 2 });
    const before = (await report(ewa.token, shop)).json().data.report;
    expect(before).toMatchObject({ start: null, end: null, locationChange: null, durationSeconds: null });
    expect(before.locations.map((p: { uuid: string }) => p.uuid)).toEqual(shop.points);

    expect((await checkIn(t.app, ewa.token, shop)).statusCode).toBe(200);
    t.clock.advance(90_000);
    const running = (await report(ewa.token, shop)).json().data.report;
    expect(running).toMatchObject({ end: null, locationChange: null, durationSeconds: 90 });
    expect(running.locations.map((p: { uuid: string }) => p.uuid)).toEqual([shop.points[0]]);
  });

  it('the status is what spec §2 shows: finished once she has finished, even while the organiser says started', async () => {
    const ewa = await buildSignedInPromoter(t);
    const running = await buildAction(t, ewa, { global: 'started' });
    expect((await checkIn(t.app, ewa.token, running)).statusCode).toBe(200);
    expect((await report(ewa.token, running)).json().data.report.status).toBe('started');
    expect((await checkOut(t.app, ewa.token, running)).statusCode).toBe(200);
    expect((await report(ewa.token, running)).json().data.report.status).toBe('finished');
    // A planned action carries 'accepted' from its planning: that alone says nothing of her report.
    const planned = await buildAction(t, ewa, { status: 'finished', global: 'accepted' });
    expect((await report(ewa.token, planned)).json().data.report.status).toBe('finished');
    const cancelled = await buildAction(t, ewa, { status: 'finished', global: 'hst_cancelled' });
    expect((await report(ewa.token, cancelled)).json().data.report.status).toBe('hst_cancelled');
  });

  it("another promoter's action is 404 E_ACTION_NOT_FOUND", async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { status: 'finished' });
    const res = await report(ola.token, shop);
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error).toBe('E_ACTION_NOT_FOUND');
  });
});
