import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, wallDay, type BuiltAction, type BuiltPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import {
  assignAlso,
  buildEndPhoto,
  buildPlacedAction,
  buildPromoterOf,
  buildRedeemedCodes,
  buildRegistration,
  buildReview,
  buildTap,
  wallNow,
} from '../../test/field-data.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { STARTED_PER_PAGE } from './dashboard.service.ts';

// /api/admin/dashboard (issue 25, decision 092) on a real server and database: the numbers of a built
// period, each coordinator's territories only, and the exceptions at their boundaries.

type Staff = BuiltStaff & { token: string };

/** The point the far-start checks measure from, and positions `meters` north of it. */
const POINT = { latitude: 52.2297, longitude: 21.0122 };
const METERS_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const north = (meters: number) => ({ latitude: POINT.latitude + meters / METERS_PER_DEGREE, longitude: POINT.longitude });

describe.each(testDatabases)('the dashboard (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Staff;
  let client: Staff;
  let wawCoordinator: Staff;
  let krkCoordinator: Staff;
  let anna: BuiltPromoter;
  let beata: BuiltPromoter;
  let piotr: BuiltPromoter;
  let eventId: string;
  /** Three days before today: the period the built data lies in. */
  let days: string[];

  const dashboard = async (staff: Staff, body: Record<string, unknown>) => {
    const res = await post(t.app, '/admin/dashboard', body, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const at = (day: string, hhmm: string) => `${day} ${hhmm}:00`;
  const withPointAt = async (action: BuiltAction) => {
    await t.db.updateTable('action_points').set(POINT).where('action_id', '=', action.uuid).execute();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    anna = await buildPromoterOf(t, waw, { firstname: 'Anna' });
    beata = await buildPromoterOf(t, waw, { firstname: 'Beata' });
    piotr = await buildPromoterOf(t, krk, { firstname: 'Piotr' });
    eventId = await buildEvent(t);
    days = [wallDay(t, -3), wallDay(t, -2), wallDay(t, -1)];
    const [, d1, d2] = days as [string, string, string];
    const plan = (day: string, hhmm: string, o: Parameters<typeof buildPlacedAction>[3] = {}) => ({
      since: at(day, hhmm),
      until: at(day, '23:00'),
      eventId,
      ...o,
    });

    // A1: hers, finished with end photos, approved; started 299 m from the point.
    const a1 = await buildPlacedAction(t, anna, waw, plan(d1, '10:00', { status: 'finished', global: 'finished' }));
    await withPointAt(a1);
    await buildTap(t, a1, anna, 'check_in', at(d1, '10:01'), north(299));
    await buildEndPhoto(t, a1, anna);
    await buildReview(t, a1, anna, 'approved');
    // A2: finished without end photos, not reviewed; started 301 m from the point.
    const a2 = await buildPlacedAction(t, anna, waw, plan(d2, '10:00', { status: 'finished', global: 'finished' }));
    await withPointAt(a2);
    await buildTap(t, a2, anna, 'check_in', at(d2, '10:01'), north(301));
    // A3: never started.
    await buildPlacedAction(t, beata, waw, plan(d2, '12:00'));
    // A4: cancelled by the organiser: neither planned work nor an exception.
    await buildPlacedAction(t, beata, waw, plan(d2, '14:00', { global: 'hst_cancelled' }));
    // A5: two promoters, one finished (approved), one still at work; a check-in without a position.
    const a5 = await buildPlacedAction(t, anna, waw, plan(d1, '16:00', { status: 'finished', global: 'started' }));
    await withPointAt(a5);
    await buildTap(t, a5, anna, 'check_in', at(d1, '16:00'));
    await buildEndPhoto(t, a5, anna);
    await buildReview(t, a5, anna, 'approved');
    await assignAlso(t, a5, beata, { status: 'started' });
    // A6: approved; the second promoter cancelled her part, so she does not hold it back.
    const a6 = await buildPlacedAction(t, anna, waw, plan(d1, '18:00', { status: 'finished', global: 'finished' }));
    await buildEndPhoto(t, a6, anna);
    await buildReview(t, a6, anna, 'approved');
    await assignAlso(t, a6, beata, { cancelledAt: new Date().toISOString() });

    await buildRegistration(t, anna, a1, at(d1, '11:00'), [
      { brand: 'Glo', model: 'Hyper Pro' },
      { brand: 'Glo', model: 'Hyper X2' },
      { brand: 'Velo', model: 'Mint' },
    ]);
    await buildRegistration(t, anna, a2, at(d2, '11:00'), [{ brand: 'Vuse', model: 'Go' }]);
    await buildRegistration(t, anna, a2, at(d2, '11:30'), [{ brand: 'Glo', model: 'Hyper Pro' }], { test: true });
    await buildRegistration(t, anna, a2, at(d2, '11:45'), [{ brand: 'Veo', model: 'Próbka' }]);
    await buildRedeemedCodes(t, eventId, anna, a1, [at(d1, '12:00'), at(d1, '13:00')]);
    await buildRedeemedCodes(t, eventId, anna, a2, [at(d2, '12:00')]);
    // Outside any action: only for those who see every territory.
    await buildRedeemedCodes(t, eventId, anna, null, [at(d2, '12:30')]);

    // Kraków: one action not started, five devices, in the same days.
    const k1 = await buildPlacedAction(t, piotr, krk, plan(d1, '09:00'));
    await buildRegistration(
      t,
      piotr,
      k1,
      at(d1, '09:30'),
      Array.from({ length: 5 }, () => ({ brand: 'Glo' as const, model: 'Hyper Pro' })),
    );
  });
  afterAll(() => t.close());

  it("a coordinator's period: registrations per day and brand with the days between at zero, actions, codes, exceptions", async () => {
    const [d0, d1, d2] = days as [string, string, string];
    const data = await dashboard(wawCoordinator, { from: d0, to: d2 });
    expect(data).toEqual({
      days: [
        { date: d0, registrations: { Glo: 0, Vuse: 0, Velo: 0 }, codesHandedOut: 0 },
        { date: d1, registrations: { Glo: 2, Vuse: 0, Velo: 1 }, codesHandedOut: 2 },
        { date: d2, registrations: { Glo: 0, Vuse: 1, Velo: 0 }, codesHandedOut: 1 },
      ],
      // planned: every action of the period, the cancelled one too; approved: every live report approved.
      // Each action once, by its status (decision 110): A3 planned, A5 under way, A2 finished, A1 and A6 approved, A4 cancelled.
      actions: { total: 6, planned: 1, started: 1, finished: 1, approved: 2, cancelled: 1 },
      registrations: 4,
      codesHandedOut: 3,
      exceptions: [
        { kind: 'not_started', count: 1 },
        { kind: 'started_far', count: 1 },
        { kind: 'finished_without_end_photos', count: 1 },
      ],
      // No plausibility flags in this period (dashboard-flags.test.ts counts them).
      flaggedActions: [],
    });
    // Her territory named: the same.
    expect(await dashboard(wawCoordinator, { from: d0, to: d2, territory: waw })).toEqual(data);
  });

  it('Kraków sees only Kraków; the administrator sees both and the codes outside an action; the client approved results only', async () => {
    const [d0, , d2] = days as [string, string, string];
    const krkData = await dashboard(krkCoordinator, { from: d0, to: d2 });
    expect(krkData.actions).toEqual({ total: 1, planned: 1, started: 0, finished: 0, approved: 0, cancelled: 0 });
    expect([krkData.registrations, krkData.codesHandedOut]).toEqual([5, 0]);
    expect(krkData.exceptions).toContainEqual({ kind: 'not_started', count: 1 });

    const everywhere = await dashboard(admin, { from: d0, to: d2 });
    expect(everywhere.actions).toEqual({ total: 7, planned: 2, started: 1, finished: 1, approved: 2, cancelled: 1 });
    expect([everywhere.registrations, everywhere.codesHandedOut]).toEqual([9, 4]);
    expect(everywhere.days[1].registrations).toEqual({ Glo: 7, Vuse: 0, Velo: 1 });
    expect(everywhere.exceptions).toContainEqual({ kind: 'not_started', count: 2 });
    // Every tile is the sum of its days (decision 112), for each role.
    const forClient = await dashboard(client, { from: d0, to: d2 });
    for (const d of [krkData, everywhere, forClient]) {
      type Day = { registrations: Record<string, number>; codesHandedOut: number };
      const daysOf = d.days as Day[];
      expect(daysOf.reduce((n, x) => n + Object.values(x.registrations).reduce((a, b) => a + b, 0), 0)).toBe(d.registrations);
      expect(daysOf.reduce((n, x) => n + x.codesHandedOut, 0)).toBe(d.codesHandedOut);
    }
    // The client: every action's status, but registrations and codes of approved reports only (decision 112).
    expect(forClient.actions).toEqual(everywhere.actions);
    expect(forClient.registrations).toBeLessThan(everywhere.registrations);
    expect(forClient.codesHandedOut).toBeLessThan(everywhere.codesHandedOut);
    // A territory named: its actions, and no code handed out outside an action.
    const onlyKrk = await dashboard(admin, { from: d0, to: d2, territory: krk });
    expect(onlyKrk).toEqual(krkData);

    // Warsaw is unknown to Kraków's coordinator, as a territory that does not exist (decision 109); the try is audited.
    const res = await post(t.app, '/admin/dashboard', { from: d0, to: d2, territory: waw }, krkCoordinator.token);
    expect([res.statusCode, res.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    const tried = (await auditEntries(t, 'access.not_found')).filter((e) => e.actor_id === krkCoordinator.staffId);
    expect(tried.map((e) => [JSON.parse(e.details!).path, e.object_type, e.object_id])).toContainEqual([
      '/api/admin/dashboard',
      'territory',
      waw,
    ]);
  });

  it('a period of at most 92 days; a bad body or territory is an envelope with a code', async () => {
    const ok = await post(t.app, '/admin/dashboard', { from: '2031-01-01', to: '2031-04-02' }, admin.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.days).toHaveLength(92);
    const tooLong = await post(t.app, '/admin/dashboard', { from: '2031-01-01', to: '2031-04-03' }, admin.token);
    expect([tooLong.statusCode, tooLong.json().data.error]).toEqual([422, 'E_PERIOD_TOO_LONG']);
    for (const body of [
      {},
      { from: '2031-01-02', to: '2031-01-01' },
      { from: '1 stycznia', to: '2031-01-01' },
      { from: '2031-01-01', to: '2031-01-02', territory: 'waw' },
    ]) {
      const res = await post(t.app, '/admin/dashboard', body, admin.token);
      expect([res.statusCode, res.json().data.error], JSON.stringify(body)).toEqual([400, 'E_VALIDATION']);
    }
    const unknown = await post(t.app, '/admin/dashboard', { from: '2031-01-01', to: '2031-01-02', territory: 'NIE-MA' }, admin.token);
    expect([unknown.statusCode, unknown.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
  });

  it('started far: every page of started actions is judged (more than one page)', async () => {
    const territory = await buildTerritory(t, 'FAR');
    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
    const promoter = await buildPromoterOf(t, territory);
    const { id: territoryId } = await t.db.selectFrom('territories').select('id').where('ident', '=', territory).executeTakeFirstOrThrow();
    const day = '2031-03-03';
    const count = STARTED_PER_PAGE + 2;
    const ids = Array.from({ length: count }, () => randomUUID());
    const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 100) }, (_, i) => rows.slice(i * 100, i * 100 + 100));
    // Written at once (the builders would take a query each); the same minute for all: the id breaks ties.
    for (const rows of chunks(ids))
      await t.db
        .insertInto('actions')
        .values(
          rows.map((id, i) => ({
            id,
            ident: `AK-FAR${i}-${id.slice(0, 6)}`,
            // One action per event, territory, times and name (decision 106): each its own name.
            name: `Daleko ${id.slice(0, 8)}`,
            event_id: eventId,
            territory_id: territoryId,
            since: `${day} 10:00:00`,
            until: `${day} 18:00:00`,
            global_status: 'finished' as const,
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
    for (const rows of chunks(ids)) {
      await t.db
        .insertInto('action_points')
        .values(
          rows.map((id) => ({
            id: `p-${id}`,
            action_id: id,
            position: 0,
            name: 'Punkt',
            street_address: 'ul. Daleka 1',
            postal_code: null,
            city_name: 'Warszawa',
            petra_id: null,
            ...POINT,
          })),
        )
        .execute();
      await t.db
        .insertInto('action_assignments')
        .values(
          rows.map((id) => ({
            action_id: id,
            user_id: promoter.userId,
            status: 'finished' as const,
            action_point_id: `p-${id}`,
            last_status_at: null,
            cancelled_at: null,
          })),
        )
        .execute();
      await t.db
        .insertInto('action_status_events')
        .values(
          rows.map((id) => ({
            id: `e-${id}`,
            action_id: id,
            user_id: promoter.userId,
            kind: 'check_in' as const,
            action_point_id: `p-${id}`,
            ...north(1000),
            cash_terminal_id: null,
            created_at: '2031-03-03T09:00:00.000Z',
            wall_time: `${day} 10:00:00`,
            received_at: null,
          })),
        )
        .execute();
    }
    // Finished (one started action per promoter at a time): started and finished alike.
    const data = await dashboard(coordinator, { from: day, to: day });
    expect(data.actions).toMatchObject({ total: count, planned: 0, started: 0, finished: count });
    expect(data.exceptions).toContainEqual({ kind: 'started_far', count });
  });

  it('not started counts 15 minutes after the planned start: not at 14:59, at 15:00', async () => {
    const territory = await buildTerritory(t, 'GRA');
    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
    const promoter = await buildPromoterOf(t, territory);
    const since = wallNow(t);
    await buildPlacedAction(t, promoter, territory, { since, until: at(since.slice(0, 10), '23:59'), eventId });
    const body = { from: since.slice(0, 10), to: wallDay(t, 1) };
    const notStarted = async () =>
      (await dashboard(coordinator, body)).exceptions.find((e: { kind: string }) => e.kind === 'not_started').count;
    expect(await notStarted()).toBe(0);
    t.clock.advance(14 * 60_000 + 59_000);
    expect(await notStarted()).toBe(0);
    t.clock.advance(1_000);
    expect(await notStarted()).toBe(1);
  });
});
