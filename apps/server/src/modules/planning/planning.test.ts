import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildSignedInPromoter, wallDay, type BuiltPromoter } from '../../test/builders.ts';
import { checkIn, listCurrent } from '../../test/action-steps.ts';
import { buildEvents, buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/actions/* but the import (plan-import.test.ts): planning through the back office, on both
// databases, with a coordinator of Warsaw and one of Kraków who must not see each other's actions.

type Promoter = BuiltPromoter & { token: string };
type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('planning actions (%s)', (dialect) => {
  let t: TestApp;
  let admin: Staff;
  let waw: Staff;
  let krk: Staff;
  let anna: Promoter;
  let ewa: Promoter;
  let piotr: Promoter;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    waw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
    krk = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['KRK-STARE-MIASTO'] });
    anna = await buildSignedInPromoter(t, { firstname: 'Anna', territories: ['WAW-CENTRUM'] });
    ewa = await buildSignedInPromoter(t, { firstname: 'Ewa', territories: ['WAW-POLUDNIE'] });
    piotr = await buildSignedInPromoter(t, { firstname: 'Piotr', territories: ['KRK-STARE-MIASTO'] });
    // Events are made on the Wydarzenia page, never by a plan (decision 123).
    await buildEvents(t, 'EV-PLAN-TEST', `EV-FILTER-${dialect}`);
  });
  afterAll(() => t.close());

  const day = (offset: number) => wallDay(t, offset);
  const point = (n = 1) => ({
    name: `Galeria ${n}`,
    streetAddress: `ul. Złota ${n}`,
    postalCode: '00-120',
    cityName: 'Warszawa',
    petraId: `PT-${n}`,
    latitude: 52.23,
    longitude: 21.0,
  });
  const actionInput = (o: { territory?: string; offset?: number; from?: string; to?: string; name?: string; event?: string } = {}) => ({
    event: { ident: o.event ?? 'EV-PLAN-TEST' },
    name: o.name ?? `Akcja ${randomUUID().slice(0, 8)}`,
    since: `${day(o.offset ?? 1)} ${o.from ?? '10:00'}:00`,
    until: `${day(o.offset ?? 1)} ${o.to ?? '18:00'}:00`,
    territory: { ident: o.territory ?? 'WAW-CENTRUM' },
    points: [point(1), point(2)],
  });
  // The tests share Anna and her days: an assign here confirms the overlaps with the others' actions
  // (confirm: true), but for those that are about conflicts (decision 113).
  const call = (path: string, body: unknown, token: string) =>
    post(t.app, `/admin/actions/${path}`, body, token, { 'idempotency-key': randomUUID() });
  async function create(by: Staff, o: Parameters<typeof actionInput>[0] = {}) {
    const res = await call('create', { action: actionInput(o) }, by.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.action as { uuid: string; points: { uuid: string }[]; status: string; territory: { ident: string } };
  }
  const list = async (by: Staff, filters: Record<string, unknown> = {}) => {
    const res = await post(
      t.app,
      '/admin/actions/list',
      { since: `${day(-30)} 00:00:00`, until: `${day(60)} 00:00:00`, pageSize: 200, ...filters },
      by.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { actions: { uuid: string; promoters: { uuid: string }[] }[]; total: number };
  };
  const auditVerbs = async (objectId: string) =>
    (await t.db.selectFrom('audit_log').select('verb').where('object_id', '=', objectId).orderBy('seq').execute()).map((r) => r.verb);

  it('a coordinator plans an action in her territory: planned, with its points, and in the promoter’s current list once assigned', async () => {
    const action = await create(waw);
    expect(action).toMatchObject({ status: 'planned', territory: { ident: 'WAW-CENTRUM' }, points: [point(1), point(2)] });
    const assigned = await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mine = await listCurrent(t.app, anna.token, `${day(0)} 00:00:00`);
    expect(mine.find((a) => a.uuid === action.uuid)).toMatchObject({ status: { global: { ident: 'accepted' }, user: { status: null } } });
    expect(await auditVerbs(action.uuid)).toEqual(['actions.create', 'actions.assign']);
  });

  it('a create repeated with its Idempotency-Key answers the same action and plans one', async () => {
    const body = { action: actionInput() };
    const headers = { 'idempotency-key': randomUUID() };
    const first = await post(t.app, '/admin/actions/create', body, waw.token, headers);
    const again = await post(t.app, '/admin/actions/create', body, waw.token, headers);
    expect(again.json().data.action.uuid).toBe(first.json().data.action.uuid);
    const named = await t.db.selectFrom('actions').select('id').where('name', '=', body.action.name).execute();
    expect(named).toHaveLength(1);
  });

  it('the Kraków coordinator cannot read, change, assign or cancel a Warsaw action, nor plan in Warsaw', async () => {
    const action = await create(waw);
    expect((await list(krk)).actions.map((a) => a.uuid)).not.toContain(action.uuid);
    const ref = { action: { uuid: action.uuid } };
    for (const [path, body] of [
      ['update', { action: { uuid: action.uuid, ...actionInput({ territory: 'KRK-STARE-MIASTO' }) } }],
      ['assign', { ...ref, promoters: [{ uuid: piotr.userId }] }],
      ['unassign', { ...ref, promoters: [{ uuid: anna.userId }] }],
      ['cancel', ref],
    ] as const) {
      const res = await call(path, body, krk.token);
      expect(res.json().data.error, path).toBe('E_ACTION_NOT_FOUND');
    }
    // Naming a territory not hers is naming one that does not exist (decision 109), and the try is in the audit log.
    const inWarsaw = await call('create', { action: actionInput({ territory: 'WAW-CENTRUM' }) }, krk.token);
    expect([inWarsaw.statusCode, inWarsaw.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    const own = await create(krk, { territory: 'KRK-STARE-MIASTO' });
    const moved = await call('update', { action: { uuid: own.uuid, ...actionInput({ territory: 'WAW-CENTRUM' }) } }, krk.token);
    expect([moved.statusCode, moved.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    const tried = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('verb', '=', 'access.not_found')
      .where('object_type', '=', 'territory')
      .where('object_id', '=', 'WAW-CENTRUM')
      .where('actor_id', '=', krk.staffId)
      .execute();
    expect(tried.map((d) => JSON.parse(d.details!).path)).toEqual(
      expect.arrayContaining(['/api/admin/actions/create', '/api/admin/actions/update']),
    );
    const unknown = await call('create', { action: actionInput({ territory: 'NIE-MA-TAKIEGO' }) }, krk.token);
    expect([unknown.statusCode, unknown.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    // The administrator sees both.
    const everywhere = (await list(admin)).actions.map((a) => a.uuid);
    expect(everywhere).toContain(action.uuid);
  });

  it("the brand's viewer (client) reads the actions but not who is assigned (decision 085: never promoters' data)", async () => {
    const client = await buildSignedInStaff(t, { roles: ['client'] });
    const action = await create(waw);
    await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
    const seen = (await list(client)).actions.find((a) => a.uuid === action.uuid);
    expect(seen).toMatchObject({ uuid: action.uuid, promoters: [] });
    expect((await list(waw)).actions.find((a) => a.uuid === action.uuid)?.promoters).toHaveLength(1);
  });

  it('lists by territory, event, status and promoter', async () => {
    const event = `EV-FILTER-${dialect}`;
    const a = await create(waw, { event, territory: 'WAW-CENTRUM' });
    const b = await create(waw, { event, territory: 'WAW-POLUDNIE' });
    await call('assign', { action: { uuid: b.uuid }, promoters: [{ uuid: ewa.userId }], confirm: true }, waw.token);
    await call('cancel', { action: { uuid: a.uuid } }, waw.token);
    const uuids = async (filters: Record<string, unknown>) => (await list(waw, { event, ...filters })).actions.map((x) => x.uuid);
    expect(await uuids({})).toEqual(expect.arrayContaining([a.uuid, b.uuid]));
    expect(await uuids({ territory: 'WAW-POLUDNIE' })).toEqual([b.uuid]);
    expect(await uuids({ status: 'cancelled' })).toEqual([a.uuid]);
    expect(await uuids({ promoter: ewa.userId })).toEqual([b.uuid]);
    expect(await uuids({ since: `${day(5)} 00:00:00`, until: `${day(6)} 00:00:00` })).toEqual([]);
  });

  it('assigns only promoters of the action’s territory', async () => {
    const action = await create(waw, { territory: 'WAW-CENTRUM' });
    const res = await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: ewa.userId }], confirm: true }, waw.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.error).toBe('E_PROMOTER_NOT_OF_TERRITORY');
  });

  it('assigns of one promoter at once all answer 200 and assign her once, with one audit entry', async () => {
    const action = await create(waw);
    const body = { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true };
    const assign = () => post(t.app, '/admin/actions/assign', body, waw.token);
    const answers = await Promise.all([assign(), assign(), assign(), assign()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db.selectFrom('action_assignments').select('user_id').where('action_id', '=', action.uuid).execute();
    expect(rows).toEqual([{ user_id: anna.userId }]);
    expect(await auditVerbs(action.uuid)).toEqual(['actions.create', 'actions.assign']);
  });

  it('creates naming one event at once all answer 200: one action each', async () => {
    const event = await buildEvents(t, `EV-NEW-${randomUUID().slice(0, 8)}`);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('create', { action: actionInput({ event }) }, waw.token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const events = await t.db.selectFrom('events').select('id').where('ident', '=', event).execute();
    const actions = await t.db.selectFrom('actions').select('id').where('event_id', '=', events[0]!.id).execute();
    expect(actions).toHaveLength(5);
  });

  it('an action naming an event that is not there is refused with 404 E_EVENT_NOT_FOUND, and no event is made (decision 123)', async () => {
    const event = `EV-NIE-MA-${randomUUID().slice(0, 8)}`;
    const created = await call('create', { action: actionInput({ event }) }, waw.token);
    expect([created.statusCode, created.json().data.error]).toEqual([404, 'E_EVENT_NOT_FOUND']);
    const action = await create(waw);
    const moved = {
      ...actionInput({ event }),
      uuid: action.uuid,
      points: action.points.map((p, n) => ({ ...point(n + 1), uuid: p.uuid })),
    };
    const updated = await call('update', { action: moved }, waw.token);
    expect([updated.statusCode, updated.json().data.error]).toEqual([404, 'E_EVENT_NOT_FOUND']);
    expect(await t.db.selectFrom('events').select('id').where('ident', '=', event).execute()).toEqual([]);
  });

  it('an assign and a move to a territory she does not work in, at once: one of them is refused, she never works outside hers', async () => {
    for (let i = 0; i < 5; i++) {
      const action = await create(waw, { territory: 'WAW-CENTRUM' });
      const moved = { ...actionInput({ territory: 'WAW-POLUDNIE' }), uuid: action.uuid, points: [] as unknown[] };
      moved.points = action.points.map((p, n) => ({ ...point(n + 1), uuid: p.uuid }));
      const answers = await Promise.all([
        call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token),
        call('update', { action: moved }, waw.token),
      ]);
      const labels = answers.map((r) => (r.statusCode === 200 ? '200' : `${r.statusCode} ${r.json().data.error}`)).sort();
      expect(labels, `try ${i + 1}`).toEqual(['200', '422 E_PROMOTER_NOT_OF_TERRITORY']);
    }
  });

  /** A promoter of Warsaw of the test's own: her schedule holds only what the test plans. */
  const freshPromoter = () => buildSignedInPromoter(t, { firstname: 'Hanna', territories: ['WAW-CENTRUM'] });
  const assign = (actionId: string, promoterId: string, confirm?: boolean) =>
    call(
      'assign',
      { action: { uuid: actionId }, promoters: [{ uuid: promoterId }], ...(confirm === undefined ? {} : { confirm }) },
      waw.token,
    );
  const assignedTo = async (actionId: string) =>
    (await t.db.selectFrom('action_assignments').select('user_id').where('action_id', '=', actionId).execute()).map((r) => r.user_id);

  it('an assign overlapping another of her actions and outside the availability she declared that day is refused with both conflicts; confirmed, it is made', async () => {
    const hanna = await freshPromoter();
    const first = await create(waw, { offset: 3, from: '09:00', to: '13:00' });
    const second = await create(waw, { offset: 3, from: '12:00', to: '16:00' });
    expect((await assign(first.uuid, hanna.userId)).statusCode).toBe(200);
    await post(t.app, '/availability/create', { availability: { since: `${day(3)} 08:00:00`, until: `${day(3)} 14:00:00` } }, hanna.token);
    const refused = await assign(second.uuid, hanna.userId);
    expect([refused.statusCode, refused.json().data.error]).toEqual([409, 'E_SCHEDULE_CONFLICT']);
    const conflicts = [
      {
        promoter: { uuid: hanna.userId },
        kind: 'overlap',
        actions: [expect.objectContaining({ uuid: first.uuid, since: `${day(3)} 09:00:00` })],
      },
      {
        promoter: { uuid: hanna.userId },
        kind: 'outside_availability',
        actions: [],
        availability: [{ since: `${day(3)} 08:00:00`, until: `${day(3)} 14:00:00` }],
      },
    ];
    expect(refused.json().data.conflicts).toEqual(conflicts);
    expect(await assignedTo(second.uuid)).toEqual([]);
    const confirmed = await assign(second.uuid, hanna.userId, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.warnings).toEqual(conflicts);
    expect(await assignedTo(second.uuid)).toEqual([hanna.userId]);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('object_id', '=', second.uuid)
      .where('verb', '=', 'actions.assign')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toMatchObject({ promoters: [hanna.userId], conflictsConfirmed: conflicts });
  });

  it('an action within the availability she declared, or on a day she declared none, is no conflict; touching actions do not overlap', async () => {
    const hanna = await freshPromoter();
    await post(t.app, '/availability/create', { availability: { since: `${day(4)} 08:00:00`, until: `${day(4)} 20:00:00` } }, hanna.token);
    const within = await create(waw, { offset: 4, from: '10:00', to: '14:00' });
    const after = await create(waw, { offset: 4, from: '14:00', to: '18:00' });
    const undeclared = await create(waw, { offset: 5, from: '10:00', to: '18:00' });
    for (const action of [within, after, undeclared]) {
      const res = await assign(action.uuid, hanna.userId);
      expect([res.statusCode, res.json().data.warnings]).toEqual([200, []]);
    }
  });

  it('two assigns of her to overlapping actions at once: one is made, the other is refused with the conflict', async () => {
    const hanna = await freshPromoter();
    const morning = await create(waw, { offset: 6, from: '09:00', to: '13:00' });
    const noon = await create(waw, { offset: 6, from: '12:00', to: '16:00' });
    const answers = await Promise.all([assign(morning.uuid, hanna.userId), assign(noon.uuid, hanna.userId)]);
    const labels = answers.map((r) => (r.statusCode === 200 ? '200' : `${r.statusCode} ${r.json().data.error}`)).sort();
    expect(labels).toEqual(['200', '409 E_SCHEDULE_CONFLICT']);
    expect([...(await assignedTo(morning.uuid)), ...(await assignedTo(noon.uuid))]).toEqual([hanna.userId]);
  });

  it("'Dodaj akcję' assigns its promoters with the action; a conflict refuses it whole until confirmed", async () => {
    const hanna = await freshPromoter();
    const other = await freshPromoter();
    const busy = await create(waw, { offset: 7, from: '10:00', to: '12:00' });
    await assign(busy.uuid, hanna.userId);
    const input = actionInput({ offset: 7, from: '11:00', to: '17:00' });
    const promoters = [{ uuid: other.userId }, { uuid: hanna.userId }];
    const refused = await call('create', { action: input, promoters }, waw.token);
    expect([refused.statusCode, refused.json().data.error]).toEqual([409, 'E_SCHEDULE_CONFLICT']);
    expect(refused.json().data.conflicts).toEqual([
      { promoter: { uuid: hanna.userId }, kind: 'overlap', actions: [expect.objectContaining({ uuid: busy.uuid })] },
    ]);
    expect(await t.db.selectFrom('actions').select('id').where('name', '=', input.name).execute()).toEqual([]);
    const made = await call('create', { action: input, promoters, confirm: true }, waw.token);
    expect(made.statusCode, made.body).toBe(200);
    const action = made.json().data.action;
    expect(action.promoters.map((p: { uuid: string }) => p.uuid).sort()).toEqual([hanna.userId, other.userId].sort());
    expect(await auditVerbs(action.uuid)).toEqual(['actions.create', 'actions.assign']);
    // Only promoters of its territory, as /assign.
    const elsewhere = await call('create', { action: actionInput({ offset: 8 }), promoters: [{ uuid: ewa.userId }] }, waw.token);
    expect(elsewhere.json().data.error).toBe('E_PROMOTER_NOT_OF_TERRITORY');
  });

  it('moving an action onto another action of its promoter is refused with the conflict until confirmed; other changes are not', async () => {
    const hanna = await freshPromoter();
    const morning = await create(waw, { offset: 9, from: '09:00', to: '12:00' });
    const later = await create(waw, { offset: 9, from: '14:00', to: '18:00' });
    await assign(morning.uuid, hanna.userId);
    await assign(later.uuid, hanna.userId);
    const points = later.points.map((p, n) => ({ ...point(n + 1), uuid: p.uuid }));
    const moved = { ...actionInput({ offset: 9, from: '11:00', to: '18:00' }), uuid: later.uuid, points };
    const refused = await call('update', { action: moved }, waw.token);
    expect([refused.statusCode, refused.json().data.error]).toEqual([409, 'E_SCHEDULE_CONFLICT']);
    expect((await t.db.selectFrom('actions').select('since').where('id', '=', later.uuid).executeTakeFirstOrThrow()).since).toBe(
      `${day(9)} 14:00:00`,
    );
    expect((await call('update', { action: moved, confirm: true }, waw.token)).statusCode).toBe(200);
    const renamed = { ...moved, name: `${moved.name} (2)` };
    expect((await call('update', { action: renamed }, waw.token)).statusCode).toBe(200);
  });

  it('unassigns her before she starts, and not after', async () => {
    const action = await create(waw, { offset: 0, from: '00:00', to: '23:59' });
    await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
    const off = await call('unassign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }] }, waw.token);
    expect(off.json().data.action.promoters).toEqual([]);
    await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
    const started = await checkIn(t.app, anna.token, {
      uuid: action.uuid,
      name: '',
      since: '',
      until: '',
      points: action.points.map((p) => p.uuid),
    });
    expect(started.statusCode, started.body).toBe(200);
    const refused = await call('unassign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }] }, waw.token);
    expect(refused.json().data.error).toBe('E_WRONG_ACTION_STATUS');
    await post(t.app, '/action/check-out', { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0]!.uuid } }, anna.token);
  });

  it('updates a planned action: a named point keeps its uuid, a new one is added, one left out goes', async () => {
    const action = await create(waw);
    const [keep] = action.points;
    const input = {
      ...actionInput({ name: 'Nowa nazwa', territory: 'WAW-POLUDNIE' }),
      points: [{ ...point(9), uuid: keep!.uuid }, point(10)],
    };
    const res = await call('update', { action: { uuid: action.uuid, ...input } }, waw.token);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data.action;
    expect(updated).toMatchObject({
      name: 'Nowa nazwa',
      territory: { ident: 'WAW-POLUDNIE' },
      points: [{ uuid: keep!.uuid, name: 'Galeria 9' }, { name: 'Galeria 10' }],
    });
    expect(updated.points[1].uuid).not.toBe(action.points[1]!.uuid);
    expect(await auditVerbs(action.uuid)).toEqual(['actions.create', 'actions.update']);
  });

  it('refuses an update naming one point twice (it would silently lose a point)', async () => {
    const action = await create(waw);
    const [first] = action.points;
    const input = {
      ...actionInput(),
      points: [
        { ...point(1), uuid: first!.uuid },
        { ...point(2), uuid: first!.uuid },
      ],
    };
    const res = await call('update', { action: { uuid: action.uuid, ...input } }, waw.token);
    expect([res.statusCode, res.json().data.error]).toEqual([400, 'E_VALIDATION']);
    expect(res.json().data.details).toEqual([{ path: 'body.action.points.1.uuid', message: expect.any(String) }]);
    const points = await t.db.selectFrom('action_points').select('id').where('action_id', '=', action.uuid).execute();
    expect(points).toHaveLength(2);
  });

  it('refuses to move an action to a territory its promoters do not work in', async () => {
    const action = await create(waw, { territory: 'WAW-CENTRUM' });
    await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
    const res = await call('update', { action: { uuid: action.uuid, ...actionInput({ territory: 'WAW-POLUDNIE' }) } }, waw.token);
    expect(res.json().data.error).toBe('E_PROMOTER_NOT_OF_TERRITORY');
  });

  it('cancels: her list shows it cancelled and her app cannot start it', async () => {
    const action = await create(waw, { offset: 0, from: '00:00', to: '23:59' });
    await call('assign', { action: { uuid: action.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
    const res = await call('cancel', { action: { uuid: action.uuid } }, waw.token);
    expect(res.json().data.action.status).toBe('cancelled');
    const mine = await listCurrent(t.app, anna.token, `${day(0)} 00:00:00`);
    expect(mine.find((a) => a.uuid === action.uuid)?.status.global.ident).toBe('hst_cancelled');
    const start = await checkIn(t.app, anna.token, {
      uuid: action.uuid,
      name: '',
      since: '',
      until: '',
      points: action.points.map((p) => p.uuid),
    });
    expect(start.json().data.error).toBe('E_WRONG_ACTION_STATUS');
    // Changing a cancelled action is refused; cancelling it again changes nothing.
    const update = await call('update', { action: { uuid: action.uuid, ...actionInput() } }, waw.token);
    expect(update.json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await call('cancel', { action: { uuid: action.uuid } }, waw.token)).statusCode).toBe(200);
    expect(await auditVerbs(action.uuid)).toEqual(['actions.create', 'actions.assign', 'actions.cancel']);
  });

  it('refuses an end before the start and a point with one coordinate, naming the field', async () => {
    const res = await call(
      'create',
      { action: { ...actionInput({ from: '18:00', to: '10:00' }), points: [{ ...point(1), longitude: null }] } },
      waw.token,
    );
    expect(res.statusCode).toBe(400);
    const paths = res.json().data.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.action.until', 'body.action.points.0.longitude']));
  });

  it('one action per event, territory, times and name: a second create or an update onto it answers 409 E_ACTION_EXISTS', async () => {
    const name = `Akcja ${randomUUID().slice(0, 8)}`;
    const first = await create(waw, { name });
    const again = await call('create', { action: actionInput({ name }) }, waw.token);
    expect([again.statusCode, again.json().data.error]).toEqual([409, 'E_ACTION_EXISTS']);
    // Another hour, another name or another day is another action; renamed onto the first, refused.
    const other = await create(waw, { name, from: '11:00' });
    const moved = await call('update', { action: { uuid: other.uuid, ...actionInput({ name }) } }, waw.token);
    expect([moved.statusCode, moved.json().data.error]).toEqual([409, 'E_ACTION_EXISTS']);
    const named = await t.db.selectFrom('actions').select(['id', 'since']).where('name', '=', name).orderBy('since').execute();
    expect(named.map((a) => a.id)).toEqual([first.uuid, other.uuid]);
  });
});
