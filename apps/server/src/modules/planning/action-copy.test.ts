import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PLAN_COPY_MAX } from '@promotor/contract';
import { buildSignedInPromoter, wallDay, type BuiltPromoter } from '../../test/builders.ts';
import { buildEvents, buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { raceSame, race, serverErrors, sortedLabels } from '../../test/races.ts';
import { actionsCall, auditDetails, declareAvailability, planAction, type PlannedRef } from '../../test/scheduling.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { shiftWall } from './action-copy.service.ts';

// /api/admin/actions/copy (issue 34, decision 127): an action to other days, a week to other weeks, a
// repeat; each copy a normal action; all or nothing; on both databases, with races on PostgreSQL.

type Promoter = BuiltPromoter & { token: string };
type Staff = BuiltStaff & { token: string };
type Copied = PlannedRef & { status: string; promoters: { uuid: string }[] };

it('a wall-clock time moves by whole days, across a month, a year and the spring DST change alike', () => {
  expect(shiftWall('2026-03-27 10:00:00', 2)).toBe('2026-03-29 10:00:00');
  expect(shiftWall('2026-12-30 23:30:00', 3)).toBe('2027-01-02 23:30:00');
  expect(shiftWall('2026-03-02 08:15:00', -7)).toBe('2026-02-23 08:15:00');
});

describe.each(testDatabases)('copying and repeating actions (%s)', (dialect) => {
  let t: TestApp;
  let waw: Staff;
  let krk: Staff;
  let territory = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['WAW-CENTRUM'] });
    krk = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['KRK-STARE-MIASTO'] });
    // Events are made on the Wydarzenia page, never by a plan (decision 123).
    await buildEvents(t, 'EV-SCHEDULE');
  });
  afterAll(() => t.close());

  const day = (offset: number) => wallDay(t, offset);
  /** A territory of the test's own, with its coordinator: nothing of another test meets its copies. */
  const own = async () => {
    const ident = `WAW-C${++territory}-${dialect.toUpperCase()}`;
    return { ident, staff: await buildSignedInStaff(t, { roles: ['coordinator'], territories: [ident] }) };
  };
  const copy = (token: string, body: Record<string, unknown>) => actionsCall(t, 'copy', body, token);
  const copied = (res: { json: () => { data: { actions: Copied[] } } }) => res.json().data.actions;
  const actionsNamed = (name: string) =>
    t.db.selectFrom('actions').select(['id', 'since']).where('name', '=', name).orderBy('since').execute();

  it('an action copied to chosen days: each copy planned, with its own ident and its own points, her promoters not unless asked', async () => {
    const { ident, staff } = await own();
    const anna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
    const source = await planAction(t, staff.token, { territory: ident, offset: 2 }, [anna.userId]);
    const res = await copy(staff.token, { actions: [{ uuid: source.uuid }], from: day(2), to: [day(5), day(3)] });
    expect(res.statusCode, res.body).toBe(200);
    const copies = copied(res);
    expect(copies.map((c) => [c.since, c.until])).toEqual([
      [`${day(3)} 10:00:00`, `${day(3)} 18:00:00`],
      [`${day(5)} 10:00:00`, `${day(5)} 18:00:00`],
    ]);
    expect(new Set([source.ident, ...copies.map((c) => c.ident)]).size).toBe(3);
    for (const c of copies) {
      expect(c).toMatchObject({ name: source.name, status: 'planned', promoters: [] });
      expect(c.points.map((p) => p.name)).toEqual(source.points.map((p) => p.name));
      expect(c.points.map((p) => p.uuid)).not.toEqual(expect.arrayContaining([source.points[0]!.uuid]));
      expect(await auditDetails(t, c.uuid, 'actions.create')).toEqual([{ copiedFrom: source.uuid, copy: expect.any(String) }]);
    }
    const res2 = await copy(staff.token, { actions: [{ uuid: source.uuid }], from: day(2), to: [day(4)], promoters: true });
    expect(copied(res2)[0]!.promoters).toMatchObject([{ uuid: anna.userId }]);
    expect(await auditDetails(t, copied(res2)[0]!.uuid, 'actions.assign')).toEqual([{ promoters: [anna.userId], copiedFrom: source.uuid }]);
  });

  it('a week copied to the next two: every action moves by 7 and 14 days at its own time, with the promoters still hers to assign', async () => {
    const { ident, staff } = await own();
    const anna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
    const ewa: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
    const monday = await planAction(t, staff.token, { territory: ident, offset: 1, from: '09:00', to: '13:00' }, [anna.userId, ewa.userId]);
    const friday = await planAction(t, staff.token, { territory: ident, offset: 5, from: '20:00', to: '02:00', toOffset: 6 }, [ewa.userId]);
    // Ewa left the team since: the copies go without her, and the answer says so.
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', ewa.userId).execute();
    const body = { actions: [{ uuid: monday.uuid }, { uuid: friday.uuid }], from: day(1), to: [day(8), day(15)], promoters: true };
    const res = await copy(staff.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(copied(res).map((c) => `${c.name === monday.name ? 'pon' : 'pt'} ${c.since} – ${c.until}`)).toEqual([
      `pon ${day(8)} 09:00:00 – ${day(8)} 13:00:00`,
      `pon ${day(15)} 09:00:00 – ${day(15)} 13:00:00`,
      `pt ${day(12)} 20:00:00 – ${day(13)} 02:00:00`,
      `pt ${day(19)} 20:00:00 – ${day(20)} 02:00:00`,
    ]);
    expect(copied(res).map((c) => c.promoters.map((p) => p.uuid))).toEqual([[anna.userId], [anna.userId], [], []]);
    const ewaNamed = { uuid: ewa.userId, ident: ewa.ident, firstname: 'Ewa', lastname: 'Testowa' };
    expect(res.json().data.promotersLeft).toEqual([
      { action: { uuid: monday.uuid }, promoter: ewaNamed },
      { action: { uuid: friday.uuid }, promoter: ewaNamed },
    ]);
  });

  it("a copied promoter's conflict refuses the whole copy until confirmed; confirmed, her overridden hours and actions are on the record", async () => {
    const { ident, staff } = await own();
    const anna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
    const source = await planAction(t, staff.token, { territory: ident, offset: 20, from: '10:00', to: '18:00' }, [anna.userId]);
    await declareAvailability(t, anna.token, 21, '08:00', '12:00');
    const busy = await planAction(t, staff.token, { territory: ident, offset: 22, from: '17:00', to: '19:00' }, [anna.userId]);
    const body = { actions: [{ uuid: source.uuid }], from: day(20), to: [day(21), day(22), day(23)], promoters: true };
    const refused = await copy(staff.token, body);
    expect([refused.statusCode, refused.json().data.error]).toEqual([409, 'E_SCHEDULE_CONFLICT']);
    const at = (offset: number) => ({
      source: { uuid: source.uuid },
      name: source.name,
      since: `${day(offset)} 10:00:00`,
      until: `${day(offset)} 18:00:00`,
    });
    const availability = {
      promoter: { uuid: anna.userId },
      kind: 'outside_availability',
      actions: [],
      availability: [{ since: `${day(21)} 08:00:00`, until: `${day(21)} 12:00:00` }],
    };
    const overlap = {
      promoter: { uuid: anna.userId },
      kind: 'overlap',
      actions: [{ uuid: busy.uuid, name: busy.name, since: busy.since, until: busy.until }],
    };
    expect(refused.json().data).toMatchObject({
      conflicts: [
        { ...availability, copy: at(21) },
        { ...overlap, copy: at(22) },
      ],
      conflictCount: 2,
    });
    // All or nothing: not even the copy of the free day is there.
    expect(await actionsNamed(source.name)).toHaveLength(1);
    const made = await copy(staff.token, { ...body, confirm: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.warnings).toHaveLength(2);
    const [first, second, third] = copied(made);
    expect(await auditDetails(t, first!.uuid, 'actions.assign')).toEqual([
      { promoters: [anna.userId], copiedFrom: source.uuid, conflictsConfirmed: [availability] },
    ]);
    expect(await auditDetails(t, second!.uuid, 'actions.assign')).toEqual([
      { promoters: [anna.userId], copiedFrom: source.uuid, conflictsConfirmed: [overlap] },
    ]);
    expect(await auditDetails(t, third!.uuid, 'actions.assign')).toEqual([{ promoters: [anna.userId], copiedFrom: source.uuid }]);
  });

  it('copies that overlap each other are conflicts for her too (an action longer than a day repeated daily)', async () => {
    const { ident, staff } = await own();
    const anna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
    const source = await planAction(t, staff.token, { territory: ident, offset: 30, from: '10:00', to: '12:00', toOffset: 31 }, [
      anna.userId,
    ]);
    const refused = await copy(staff.token, { actions: [{ uuid: source.uuid }], from: day(30), to: [day(32), day(33)], promoters: true });
    expect(refused.json().data.conflicts.map((c: { kind: string; copy: { since: string } }) => [c.kind, c.copy.since])).toEqual([
      ['overlap', `${day(32)} 10:00:00`],
      ['overlap', `${day(33)} 10:00:00`],
    ]);
  });

  it('a copy onto an action that exists refuses the whole call, naming it; nothing is written', async () => {
    const { ident, staff } = await own();
    const source = await planAction(t, staff.token, { territory: ident, offset: 2 });
    expect((await copy(staff.token, { actions: [{ uuid: source.uuid }], from: day(2), to: [day(4)] })).statusCode).toBe(200);
    const again = await copy(staff.token, { actions: [{ uuid: source.uuid }], from: day(2), to: [day(3), day(4)] });
    expect([again.statusCode, again.json().data.error]).toEqual([409, 'E_ACTION_EXISTS']);
    expect(again.json().data.existing).toEqual([{ name: source.name, since: `${day(4)} 10:00:00`, until: `${day(4)} 18:00:00` }]);
    expect((await actionsNamed(source.name)).map((a) => a.since.slice(0, 10))).toEqual([day(2), day(4)]);
  });

  it('repeated with its Idempotency-Key, a copy answers the same copies and makes them once', async () => {
    const { ident, staff } = await own();
    const source = await planAction(t, staff.token, { territory: ident, offset: 2 });
    const body = { actions: [{ uuid: source.uuid }], from: day(2), to: [day(9)] };
    const headers = { 'idempotency-key': randomUUID() };
    const first = await post(t.app, '/admin/actions/copy', body, staff.token, headers);
    const again = await post(t.app, '/admin/actions/copy', body, staff.token, headers);
    expect(again.json().data.actions[0].uuid).toBe(first.json().data.actions[0].uuid);
    expect(await actionsNamed(source.name)).toHaveLength(2);
  });

  it('the Kraków coordinator cannot copy a Warsaw action (as an unknown one); a cancelled action is not copied; nor too many at once', async () => {
    const warsaw = await planAction(t, waw.token, { offset: 2 });
    for (const uuid of [warsaw.uuid, 'nie-ma-takiej']) {
      const res = await copy(krk.token, { actions: [{ uuid }], from: day(2), to: [day(3)] });
      expect([res.statusCode, res.json().data.error], uuid).toEqual([404, 'E_ACTION_NOT_FOUND']);
    }
    await actionsCall(t, 'cancel', { action: { uuid: warsaw.uuid } }, waw.token);
    const cancelled = await copy(waw.token, { actions: [{ uuid: warsaw.uuid }], from: day(2), to: [day(3)] });
    expect([cancelled.statusCode, cancelled.json().data.error]).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    const days = Array.from({ length: PLAN_COPY_MAX / 2 + 1 }, (_, i) => day(3 + i));
    const tooMany = await copy(waw.token, { actions: [{ uuid: warsaw.uuid }, { uuid: randomUUID() }], from: day(2), to: days });
    expect([tooMany.statusCode, tooMany.json().data.error, tooMany.json().data.details[0].path]).toEqual([400, 'E_VALIDATION', 'body.to']);
    const ontoItself = await copy(waw.token, { actions: [{ uuid: warsaw.uuid }], from: day(2), to: [day(2)] });
    expect([ontoItself.statusCode, ontoItself.json().data.error]).toEqual([400, 'E_VALIDATION']);
  });

  it('copies of one week sent at once: one call makes them, every other answers 409 E_ACTION_EXISTS, and no copy is made twice', async () => {
    const { ident, staff } = await own();
    const sources = [
      await planAction(t, staff.token, { territory: ident, offset: 1 }),
      await planAction(t, staff.token, { territory: ident, offset: 3 }),
    ];
    const body = { actions: sources.map((s) => ({ uuid: s.uuid })), from: day(1), to: [day(8), day(15)] };
    const outcomes = await raceSame(8, () => copy(staff.token, body));
    expect(serverErrors(outcomes)).toEqual([]);
    expect(sortedLabels(outcomes)).toEqual(['200', ...Array<string>(7).fill('409 E_ACTION_EXISTS')]);
    for (const source of sources) expect(await actionsNamed(source.name)).toHaveLength(3);
  });

  it('a copy with her and an assign of her to an overlapping action at once: one is made, the other is refused with the conflict', async () => {
    const { ident, staff } = await own();
    const anna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
    for (let i = 0; i < 3; i++) {
      const source = await planAction(t, staff.token, { territory: ident, offset: 40 + i * 2 }, [anna.userId]);
      const other = await planAction(t, staff.token, { territory: ident, offset: 41 + i * 2, from: '12:00', to: '14:00' });
      const outcomes = await race([
        () => copy(staff.token, { actions: [{ uuid: source.uuid }], from: day(40 + i * 2), to: [day(41 + i * 2)], promoters: true }),
        () => actionsCall(t, 'assign', { action: { uuid: other.uuid }, promoters: [{ uuid: anna.userId }] }, staff.token),
      ]);
      expect(sortedLabels(outcomes), `try ${i + 1}`).toEqual(['200', '409 E_SCHEDULE_CONFLICT']);
    }
  });
});
