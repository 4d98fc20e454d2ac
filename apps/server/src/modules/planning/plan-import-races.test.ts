import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildPromoter, type BuiltPromoter } from '../../test/builders.ts';
import { planCsv, planRow, type PlanRowValues } from '../../test/plan-csv.ts';
import { buildEvents, buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { postPlan } from '../../test/planning.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The plan import under concurrent writers (issue 32, decision 106), on both databases: N imports at
// once, each with its own Idempotency-Key, leave what the same imports one after another leave. An
// action is one per event, name, territory and times (a unique key, migration 026); no answer is a 5xx.

type Staff = BuiltStaff & { token: string };
type Answer = { created: number; updated: number; unchanged: number };
type Res = Awaited<ReturnType<typeof postPlan>>;

describe.each(testDatabases)('plan imports at once (%s)', (dialect) => {
  let t: TestApp;
  let admin: Staff;
  const promoters: BuiltPromoter[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'], territories: ['WAW-CENTRUM'] });
    for (let i = 0; i < 10; i++) promoters.push(await buildPromoter(t, { territories: ['WAW-CENTRUM'] }));
  });
  afterAll(() => t.close());

  // Each race its own event, made as the Wydarzenia page makes one (decision 123).
  const newEvent = () => buildEvents(t, `EV-RACE-${randomUUID().slice(0, 8)}`);
  const importPlan = (rows: PlanRowValues[]) =>
    // Races, not confirmations (decision 113): the same promoters on one day in many files, each write confirms all.
    postPlan(t.app, admin.token, planCsv(rows), {
      confirm: ['Past', 'Conflicts'],
      headers: { 'idempotency-key': randomUUID() },
    });
  const answerOf = (res: Res) => res.json().data as Answer;
  const statuses = (answers: Res[]) => answers.map((r) => r.statusCode).sort();

  /** The event's actions, each with its points' names and its promoters' ids. */
  async function stored(event: string) {
    const actions = await t.db
      .selectFrom('actions as a')
      .innerJoin('events as e', 'e.id', 'a.event_id')
      .select(['a.id', 'a.name', 'a.since'])
      .where('e.ident', '=', event)
      .orderBy('a.name')
      .execute();
    const ids = actions.map((a) => a.id);
    const points = ids.length
      ? await t.db.selectFrom('action_points').select(['action_id', 'name']).where('action_id', 'in', ids).orderBy('position').execute()
      : [];
    const assignments = ids.length
      ? await t.db.selectFrom('action_assignments').select(['action_id', 'user_id']).where('action_id', 'in', ids).execute()
      : [];
    return actions.map((a) => ({
      name: a.name,
      points: points.filter((p) => p.action_id === a.id).map((p) => p.name),
      promoters: assignments
        .filter((s) => s.action_id === a.id)
        .map((s) => s.user_id)
        .sort(),
    }));
  }

  it('20 imports of one file at once leave what one import leaves: three actions, each promoter once, no 5xx', async () => {
    const event = await newEvent();
    const [anna, ewa] = promoters;
    const rows = [
      planRow({ event, name: 'Akcja A', point_name: 'Punkt A1', promoters: anna!.ident }),
      planRow({ event, name: 'Akcja A', point_name: 'Punkt A2', promoters: anna!.ident }),
      planRow({ event, name: 'Akcja B', point_name: 'Punkt B1', promoters: `${anna!.ident},${ewa!.ident}` }),
      planRow({ event, name: 'Akcja C', point_name: 'Punkt C1' }),
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, () => importPlan(rows)));
    expect(statuses(answers)).toEqual(Array.from({ length: 20 }, () => 200));
    // One import created the three; every other one found them made and changed nothing.
    const created = answers.map(answerOf).filter((a) => a.created > 0);
    expect(created).toEqual([{ ...created[0], created: 3, updated: 0, unchanged: 0 }]);
    for (const a of answers.map(answerOf).filter((x) => x.created === 0)) expect(a).toMatchObject({ updated: 0, unchanged: 3 });
    expect(await stored(event)).toEqual([
      { name: 'Akcja A', points: ['Punkt A1', 'Punkt A2'], promoters: [anna!.userId] },
      { name: 'Akcja B', points: ['Punkt B1'], promoters: [anna!.userId, ewa!.userId].sort() },
      { name: 'Akcja C', points: ['Punkt C1'], promoters: [] },
    ]);
  });

  it('ten different files naming one new action at once: one action, with every file’s promoter and one file’s point', async () => {
    const event = await newEvent();
    const files = promoters.map((p, i) => [planRow({ event, name: 'Akcja wspólna', point_name: `Punkt ${i}`, promoters: p.ident })]);
    const answers = await Promise.all(files.map((rows) => importPlan(rows)));
    expect(statuses(answers)).toEqual(Array.from({ length: 10 }, () => 200));
    // As one after another: the first creates it, each later one adds its promoter and sets its point.
    const changes = answers.map(answerOf).map((a) => [a.created, a.updated, a.unchanged].join('/'));
    expect(changes.sort()).toEqual(['0/1/0', '0/1/0', '0/1/0', '0/1/0', '0/1/0', '0/1/0', '0/1/0', '0/1/0', '0/1/0', '1/0/0']);
    const [action, ...more] = await stored(event);
    expect(more).toEqual([]);
    expect(action!.promoters).toEqual(promoters.map((p) => p.userId).sort());
    expect(action!.points).toHaveLength(1);
    expect(files.map((rows) => rows[0]!.point_name)).toContain(action!.points[0]);
  });

  it('a file with a new point and promoter, imported 20 times at once, changes the action once', async () => {
    const event = await newEvent();
    const [anna, ewa] = promoters;
    const v1 = [planRow({ event, name: 'Akcja', point_name: 'Punkt 1', promoters: anna!.ident })];
    expect((await importPlan(v1)).statusCode).toBe(200);
    const v2 = [...v1, planRow({ event, name: 'Akcja', point_name: 'Punkt 2', promoters: ewa!.ident })];
    const answers = await Promise.all(Array.from({ length: 20 }, () => importPlan(v2)));
    expect(statuses(answers)).toEqual(Array.from({ length: 20 }, () => 200));
    const changes = answers.map(answerOf).map((a) => [a.created, a.updated, a.unchanged].join('/'));
    expect(changes.sort()).toEqual([...Array.from({ length: 19 }, () => '0/0/1'), '0/1/0']);
    expect(await stored(event)).toEqual([{ name: 'Akcja', points: ['Punkt 1', 'Punkt 2'], promoters: [anna!.userId, ewa!.userId].sort() }]);
  });

  it('creates in the back office and imports of the same new action at once make one action; a loser is told 409 E_ACTION_EXISTS', async () => {
    const event = await newEvent();
    const row = planRow({ event, name: 'Akcja z dwóch stron', point_name: 'Punkt', street: 'ul. Prosta 1', postal_code: '', petra_id: '' });
    const action = {
      event: { ident: event },
      name: row.name,
      since: `${row.date} ${row.from}:00`,
      until: `${row.date} ${row.to}:00`,
      territory: { ident: row.territory },
      points: [
        {
          name: row.point_name,
          streetAddress: row.street,
          postalCode: null,
          cityName: row.city,
          petraId: null,
          latitude: Number(row.latitude),
          longitude: Number(row.longitude),
        },
      ],
    };
    const create = () => post(t.app, '/admin/actions/create', { action }, admin.token, { 'idempotency-key': randomUUID() });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? create() : importPlan([row]))));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode !== 200) expect([res.statusCode, res.json().data.error]).toEqual([409, 'E_ACTION_EXISTS']);
    }
    expect(await stored(event)).toEqual([{ name: row.name, points: ['Punkt'], promoters: [] }]);
  });
});
