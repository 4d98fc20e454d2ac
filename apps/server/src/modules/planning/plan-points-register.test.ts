import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvents, auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { wallDay } from '../../test/builders.ts';
import { planCsv, planRow, type PlanRowValues } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { buildPoint } from '../../test/points.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The plan's points in the register (issue 34, decision 125), on both databases: the import and 'Dodaj
// akcję' name a point by its code or by its name and address; a point the register has not is listed as
// new in the dry run and added by the write; an archived point is refused for a new or changed action.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)("the plan's points in the register (%s)", (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let coordinator: Staff;
  let krkCoordinator: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    await buildEvents(t, 'EV-PUNKTY');
  });
  afterAll(() => t.close());

  /** Rows of an event of the test's own in Warsaw, at a point of a unique name unless told. */
  const rowsOf = (rows: Partial<PlanRowValues>[]) => {
    const event = `EV-${randomUUID().slice(0, 8)}`;
    return rows.map((r) => planRow({ event, territory: waw, point_name: `Punkt ${randomUUID().slice(0, 6)}`, ...r }));
  };
  /** The file posted, its events made first (decision 123: a plan names only events that exist). */
  const importPlan = async (rows: PlanRowValues[], o: { dryRun?: boolean; by?: Staff } = {}) => {
    await buildEvents(t, ...new Set(rows.map((r) => r.event)));
    return postPlan(t.app, (o.by ?? coordinator).token, planCsv(rows), {
      dryRun: o.dryRun,
      confirm: [],
      headers: { 'idempotency-key': randomUUID() },
    });
  };
  const pointsOfEvent = (event: string) =>
    t.db
      .selectFrom('action_points as p')
      .innerJoin('actions as a', 'a.id', 'p.action_id')
      .innerJoin('events as e', 'e.id', 'a.event_id')
      .select(['p.name', 'p.street_address', 'p.postal_code', 'p.city_name', 'p.latitude', 'p.longitude', 'p.point_id'])
      .where('e.ident', '=', event)
      .execute();
  const registered = (name: string) => t.db.selectFrom('points').selectAll().where('name', '=', name).execute();

  it('a row naming a point by its code takes its name and address from the register', async () => {
    const point = await buildPoint(t, waw, { latitude: 52.25, longitude: 21.01 });
    const rows = rowsOf([
      { point_code: point.code.toLowerCase(), point_name: '', street: '', postal_code: '', city: '', latitude: '', longitude: '' },
    ]);
    const res = await importPlan(rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 1, newPoints: [], newPointCount: 0 });
    expect(await pointsOfEvent(rows[0]!.event)).toEqual([
      {
        name: point.name,
        street_address: 'ul. Złota 59',
        postal_code: '00-120',
        city_name: 'Warszawa',
        latitude: 52.25,
        longitude: 21.01,
        point_id: point.id,
      },
    ]);
    // The same file again changes nothing.
    expect((await importPlan(rows)).json().data).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('a point the register has not is listed as new by the dry run and added by the write; the same file again adds nothing', async () => {
    const rows = rowsOf([{}, { name: 'Druga akcja' }]);
    rows[1]!.point_name = rows[0]!.point_name;
    const name = rows[0]!.point_name;
    const dry = await importPlan(rows, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({
      newPoints: [{ row: 2, territory: waw, name, streetAddress: 'ul. Wołoska 12', postalCode: '02-675', cityName: 'Warszawa' }],
      newPointCount: 1,
    });
    expect(await registered(name)).toEqual([]);

    const res = await importPlan(rows);
    expect(res.json().data).toMatchObject({ created: 2, newPointCount: 1 });
    const [point] = await registered(name);
    expect(point).toMatchObject({
      street_address: 'ul. Wołoska 12',
      latitude: 52.1799,
      longitude: 21.0034,
      code: expect.stringMatching(/^P-/),
    });
    expect((await pointsOfEvent(rows[0]!.event)).map((p) => p.point_id)).toEqual([point!.id, point!.id]);
    const [entry] = (await auditEntries(t, 'points.create')).filter((e) => e.object_id === point!.id);
    const [file] = await auditEntries(t, 'actions.import');
    expect(JSON.parse(entry!.details!)).toMatchObject({ import: file!.object_id, code: point!.code, name });
    expect(JSON.parse(file!.details!)).toMatchObject({ newPoints: 1 });

    const again = await importPlan(rows);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 2, newPointCount: 0 });
    expect(await registered(name)).toHaveLength(1);
  });

  it("refuses a code the territory's register has not, and a code whose point the row describes otherwise", async () => {
    const point = await buildPoint(t, waw);
    const res = await importPlan(
      rowsOf([
        { point_code: 'P-NIEMA22' },
        { point_code: point.code, point_name: 'Inna nazwa', street: 'ul. Złota 59', postal_code: '00-120', city: 'Warszawa' },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors).toEqual([
      { row: 2, column: 'point_code', message: `Na terytorium „${waw}” nie ma punktu o kodzie „P-NIEMA22” (zob. Punkty).` },
      {
        row: 3,
        column: 'point_name',
        message: `Punkt „${point.code}” ma w rejestrze „${point.name}”: zostaw tę komórkę pustą albo wpisz to samo (albo popraw kod).`,
      },
    ]);
  });

  it("Kraków's coordinator naming a Warsaw point's code in her row is told it does not exist, word for word", async () => {
    const point = await buildPoint(t, waw);
    const theirs = await importPlan(rowsOf([{ territory: krk, point_code: point.code }]), { by: krkCoordinator });
    const nobody = await importPlan(rowsOf([{ territory: krk, point_code: 'P-NIEMA33' }]), { by: krkCoordinator });
    expect(theirs.statusCode).toBe(422);
    expect(JSON.stringify(theirs.json().data).replace(point.code, 'X')).toBe(JSON.stringify(nobody.json().data).replace('P-NIEMA33', 'X'));
  });

  it('an archived point may stay where it is planned, but a new action may not name it', async () => {
    const point = await buildPoint(t, waw);
    const rows = rowsOf([{ point_code: point.code, point_name: '', street: '', postal_code: '', city: '' }]);
    expect((await importPlan(rows)).statusCode).toBe(200);
    await t.db.updateTable('points').set({ archived_at: new Date().toISOString() }).where('id', '=', point.id).execute();
    expect((await importPlan(rows)).json().data).toMatchObject({ unchanged: 1 });
    const res = await importPlan([...rows, { ...rows[0]!, name: 'Nowa akcja' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors).toEqual([
      {
        row: 3,
        column: 'point_code',
        message: `Punkt „${point.name}” (${point.code}) jest w archiwum: przywróć go na stronie Punkty albo wskaż inny punkt.`,
      },
    ]);
  });

  describe("'Dodaj akcję'", () => {
    const since = () => `${wallDay(t, 3)} 10:00:00`;
    const actionOf = (points: Record<string, unknown>[]) => ({
      event: { ident: 'EV-PUNKTY' },
      name: `Akcja ${randomUUID().slice(0, 8)}`,
      since: since(),
      until: since().replace('10:00', '18:00'),
      territory: { ident: waw },
      points,
    });
    const typed = (o: Record<string, unknown> = {}) => ({
      name: `Punkt ${randomUUID().slice(0, 6)}`,
      streetAddress: 'ul. Złota 59',
      postalCode: '00-120',
      cityName: 'Warszawa',
      petraId: 'PT-9',
      latitude: null,
      longitude: null,
      ...o,
    });
    const create = (action: unknown) =>
      post(t.app, '/admin/actions/create', { action }, coordinator.token, { 'idempotency-key': randomUUID() });

    it('a point picked by its code keeps the register’s address and coordinates; a typed new one joins the register', async () => {
      const picked = await buildPoint(t, waw, { latitude: 52.23, longitude: 21.0 });
      const fresh = typed();
      const res = await create(actionOf([typed({ code: picked.code, name: picked.name }), fresh]));
      expect(res.statusCode, res.body).toBe(200);
      const action = res.json().data.action as { uuid: string; points: { name: string; latitude: number | null }[] };
      expect(action.points).toMatchObject([
        { name: picked.name, latitude: 52.23, petraId: 'PT-9' },
        { name: fresh.name, latitude: null },
      ]);
      const stored = await t.db
        .selectFrom('action_points')
        .select(['name', 'point_id'])
        .where('action_id', '=', action.uuid)
        .orderBy('position')
        .execute();
      const [added] = await registered(fresh.name);
      expect(stored.map((p) => p.point_id)).toEqual([picked.id, added!.id]);
      const [entry] = (await auditEntries(t, 'points.create')).filter((e) => e.object_id === added!.id);
      expect(JSON.parse(entry!.details!)).toMatchObject({ action: action.uuid, name: fresh.name });
      // A typed point the register has is that point: nothing new.
      const again = await create(actionOf([typed({ name: fresh.name })]));
      expect(again.statusCode, again.body).toBe(200);
      expect(await registered(fresh.name)).toHaveLength(1);
    });

    it('refuses a code it does not know (404), one described otherwise (400) and an archived point (409); nothing is planned', async () => {
      const point = await buildPoint(t, waw);
      const other = await buildPoint(t, krk);
      const answers = [
        await create(actionOf([typed({ code: 'P-NIEMA44' })])),
        await create(actionOf([typed({ code: other.code, name: other.name })])),
        await create(actionOf([typed({ code: point.code, name: 'Inna nazwa' })])),
      ];
      expect(answers.map((r) => [r.statusCode, r.json().data.error])).toEqual([
        [404, 'E_POINT_NOT_FOUND'],
        [404, 'E_POINT_NOT_FOUND'],
        [400, 'E_VALIDATION'],
      ]);
      expect(JSON.stringify(answers[2]!.json().data.details)).toContain(
        `Punkt „${point.code}” ma w rejestrze nazwę i adres: ${point.name}`,
      );
      await t.db.updateTable('points').set({ archived_at: new Date().toISOString() }).where('id', '=', point.id).execute();
      const archived = await create(actionOf([typed({ code: point.code, name: point.name })]));
      expect(archived.json().data).toEqual({ error: 'E_POINT_ARCHIVED', code: point.code });
    });

    it('an action at a point archived since can still be changed, its point kept', async () => {
      const point = await buildPoint(t, waw);
      const res = await create(actionOf([typed({ code: point.code, name: point.name })]));
      const action = res.json().data.action as { uuid: string; name: string; points: { uuid: string }[] };
      await t.db.updateTable('points').set({ archived_at: new Date().toISOString() }).where('id', '=', point.id).execute();
      const changed = {
        ...actionOf([typed({ uuid: action.points[0]!.uuid, code: point.code, name: point.name })]),
        uuid: action.uuid,
        name: `${action.name} 2`,
      };
      const update = await post(t.app, '/admin/actions/update', { action: changed }, coordinator.token, {
        'idempotency-key': randomUUID(),
      });
      expect(update.statusCode, update.body).toBe(200);
    });
  });
});
