import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPromoter, type BuiltPromoter } from '../../test/builders.ts';
import { buildEvents, buildSignedInStaff, buildStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { getExport } from '../../test/field-data.ts';
import { planCsv, planRow, type PlanRowValues } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32, item 11 (decision 109): what lies outside a coordinator's territories answers exactly as what
// does not exist. Each case: Kraków's coordinator naming something of Warsaw gets the answer she gets
// for a name nobody has — and the administrator gets for it — word for word; a create that collides
// with something of Warsaw gets an answer that names nothing of it.

type Staff = BuiltStaff & { token: string };

/** Status and envelope data, the name tried replaced: what the caller can tell apart. */
const seen = (res: LightMyRequestResponse, named?: string) => {
  const text = JSON.stringify({ status: res.statusCode, data: res.json().data });
  return named ? text.replaceAll(named, '<named>') : text;
};

const actionInput = (territory: string) => ({
  event: { ident: 'EV-TERYTORIA' },
  name: `Akcja ${randomUUID().slice(0, 8)}`,
  since: '2030-05-10 10:00:00',
  until: '2030-05-10 18:00:00',
  territory: { ident: territory },
  points: [
    {
      name: 'Punkt',
      streetAddress: 'ul. Floriańska 1',
      postalCode: '31-019',
      cityName: 'Kraków',
      petraId: null,
      latitude: null,
      longitude: null,
    },
  ],
});

describe.each(testDatabases)('another territory answers as nothing (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Staff;
  let krkCoordinator: Staff;
  let wawActive: BuiltPromoter;
  let wawDeactivated: BuiltPromoter;
  let krkPromoter: BuiltPromoter;
  let krkAction: string;
  const nobody = () => `NIE-MA-${randomUUID().slice(0, 8).toUpperCase()}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    // Events are made on the Wydarzenia page, never by a plan (decision 123).
    await buildEvents(t, 'EV-TERYTORIA');
    wawActive = await buildPromoter(t, { territories: [waw] });
    wawDeactivated = await buildPromoter(t, { territories: [waw] });
    krkPromoter = await buildPromoter(t, { territories: [krk] });
    const off = await post(t.app, '/admin/promoters/deactivate', { promoter: { uuid: wawDeactivated.userId } }, admin.token);
    expect(off.statusCode, off.body).toBe(200);
    const created = await post(t.app, '/admin/actions/create', { action: actionInput(krk) }, admin.token);
    expect(created.statusCode, created.body).toBe(200);
    krkAction = created.json().data.action.uuid;
  });
  afterAll(() => t.close());

  const dryRun = (staff: Staff, rows: Partial<PlanRowValues>[]) =>
    postPlan(t.app, staff.token, planCsv(rows.map((r) => planRow({ event: 'EV-TERYTORIA', territory: krk, ...r }))), {
      dryRun: true,
      headers: { 'idempotency-key': randomUUID() },
    });

  it("an import's dry run names Warsaw's promoters, active or deactivated, as codes nobody has", async () => {
    const code = nobody();
    const none = seen(await dryRun(krkCoordinator, [{ promoters: code }]), code);
    expect(none).toContain('Nie ma promotorki z kodem hostessy');
    expect(seen(await dryRun(admin, [{ promoters: code }]), code)).toBe(none);
    for (const promoter of [wawDeactivated, wawActive]) {
      expect(seen(await dryRun(krkCoordinator, [{ promoters: promoter.ident }]), promoter.ident)).toBe(none);
    }
    // The administrator is told the truth about them.
    expect(seen(await dryRun(admin, [{ promoters: wawDeactivated.ident }]))).toContain('jest nieaktywna');
  });

  it("an import's dry run names Warsaw as a territory that does not exist", async () => {
    const ident = nobody();
    const none = seen(await dryRun(krkCoordinator, [{ territory: ident }]), ident);
    expect(none).toContain('Nie ma terytorium');
    expect(seen(await dryRun(admin, [{ territory: ident }]), ident)).toBe(none);
    expect(seen(await dryRun(krkCoordinator, [{ territory: waw }]), waw)).toBe(none);
  });

  it("assigning Warsaw's promoter to her Kraków action is E_PROMOTER_NOT_FOUND, as a promoter nobody is", async () => {
    const assign = (staff: Staff, uuid: string) =>
      post(t.app, '/admin/actions/assign', { action: { uuid: krkAction }, promoters: [{ uuid }] }, staff.token);
    const uuid = randomUUID();
    const none = seen(await assign(krkCoordinator, uuid));
    expect(none).toContain('E_PROMOTER_NOT_FOUND');
    expect(seen(await assign(admin, uuid))).toBe(none);
    expect(seen(await assign(krkCoordinator, wawActive.userId))).toBe(none);
    expect(seen(await assign(krkCoordinator, wawDeactivated.userId))).toBe(none);
    // The administrator is told that Warsaw's promoter does not work in Kraków.
    expect(seen(await assign(admin, wawActive.userId))).toContain('E_PROMOTER_NOT_OF_TERRITORY');
  });

  it('naming Warsaw in a promoter, an action, an export or the dashboard answers as naming no territory', async () => {
    const period = { from: '2030-05-01', to: '2030-05-31' };
    const calls: [string, (staff: Staff, territory: string) => Promise<LightMyRequestResponse>][] = [
      [
        'promoters/create',
        (s, territory) =>
          post(
            t.app,
            '/admin/promoters/create',
            {
              promoter: {
                firstname: 'Zofia',
                lastname: 'Nowa',
                username: `zofia-${randomUUID()}@test.pl`,
                territories: [territory],
                password: 'haslo-startowe-1',
              },
            },
            s.token,
          ),
      ],
      [
        'promoters/update',
        (s, territory) =>
          post(t.app, '/admin/promoters/update', { promoter: { uuid: krkPromoter.userId, territories: [territory] } }, s.token),
      ],
      ['actions/create', (s, territory) => post(t.app, '/admin/actions/create', { action: actionInput(territory) }, s.token)],
      [
        'actions/update',
        (s, territory) => post(t.app, '/admin/actions/update', { action: { uuid: krkAction, ...actionInput(territory) } }, s.token),
      ],
      ['exports/actions', (s, territory) => getExport(t, 'actions', { ...period, territory }, s.token)],
      ['exports/registrations', (s, territory) => getExport(t, 'registrations', { ...period, territory }, s.token)],
      ['exports/redemptions', (s, territory) => getExport(t, 'redemptions', { ...period, territory }, s.token)],
      ['exports/hours', (s, territory) => getExport(t, 'hours', { ...period, territory }, s.token)],
      ['dashboard', (s, territory) => post(t.app, '/admin/dashboard', { ...period, territory }, s.token)],
    ];
    for (const [name, call] of calls) {
      const ident = nobody();
      const none = seen(await call(krkCoordinator, ident), ident);
      expect(none, name).toContain('E_TERRITORY_NOT_FOUND');
      expect(seen(await call(admin, ident), ident), name).toBe(none);
      expect(seen(await call(krkCoordinator, waw), waw), name).toBe(none);
    }
  });

  it("a new promoter's username or hostess code held outside her territories is E_PROMOTER_CONFLICT, naming nothing", async () => {
    const staffMember = await buildStaff(t, { roles: ['admin'] });
    const create = (staff: Staff, o: { username: string; ident?: string }) =>
      post(
        t.app,
        '/admin/promoters/create',
        { promoter: { firstname: 'Zofia', lastname: 'Nowa', territories: [krk], password: 'haslo-startowe-1', ...o } },
        staff.token,
      );
    const fresh = () => `nowa-${randomUUID()}@test.pl`;
    const tries = [
      { username: staffMember.username },
      { username: wawActive.username },
      { username: wawDeactivated.username },
      { username: fresh(), ident: wawActive.ident },
    ];
    for (const o of tries) {
      const res = await create(krkCoordinator, o);
      expect([res.statusCode, res.json().data], JSON.stringify(o)).toEqual([409, { error: 'E_PROMOTER_CONFLICT' }]);
    }
    // The administrator sees every account: she is told which field.
    const told = [];
    for (const o of tries) told.push((await create(admin, o)).json().data.error);
    expect(told).toEqual(['E_USERNAME_TAKEN', 'E_USERNAME_TAKEN', 'E_USERNAME_TAKEN', 'E_HOSTESS_CODE_TAKEN']);
    // Her own promoter's username and code: she sees them, so she is told which.
    expect((await create(krkCoordinator, { username: krkPromoter.username })).json().data.error).toBe('E_USERNAME_TAKEN');
    expect((await create(krkCoordinator, { username: fresh(), ident: krkPromoter.ident })).json().data.error).toBe('E_HOSTESS_CODE_TAKEN');
  });

  it("changing her promoter's username to one held outside her territories is E_PROMOTER_CONFLICT", async () => {
    const staffMember = await buildStaff(t, { roles: ['client'] });
    const rename = (username: string) =>
      post(t.app, '/admin/promoters/update', { promoter: { uuid: krkPromoter.userId, username } }, krkCoordinator.token);
    for (const username of [staffMember.username, wawActive.username]) {
      const res = await rename(username);
      expect([res.statusCode, res.json().data]).toEqual([409, { error: 'E_PROMOTER_CONFLICT' }]);
    }
    const own = await buildPromoter(t, { territories: [krk] });
    expect((await rename(own.username)).json().data.error).toBe('E_USERNAME_TAKEN');
  });
});
