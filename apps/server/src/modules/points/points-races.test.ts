import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildEvents, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildPoint, pointRow, pointsCsv, postPoints } from '../../test/points.ts';
import { planCsv, planRow } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { raceSame, race, sortedLabels } from '../../test/races.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The register of points under concurrent writers (issue 32, decision 106), on both databases: the unique
// keys (a code, a name and address per territory) and the point's lock decide, in the statement; no
// answer is a 5xx and nothing is written twice or half.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('the register of points at once (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let coordinator: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown) =>
    post(t.app, `/admin/points/${path}`, body, coordinator.token, { 'idempotency-key': randomUUID() });
  const pointsNamed = (name: string) => t.db.selectFrom('points').selectAll().where('name', '=', name).execute();
  const entries = async (verb: string, id: string) => (await auditEntries(t, verb)).filter((e) => e.object_id === id);

  it('ten creates of one point at once: one is added, the others are told it exists (409), one audit entry', async () => {
    const name = `Sklep ${randomUUID().slice(0, 6)}`;
    const point = { territory: { ident: waw }, name, streetAddress: 'ul. Złota 59', cityName: 'Warszawa' };
    const outcomes = await raceSame(10, () => call('create', { point }));
    expect(sortedLabels(outcomes)).toEqual(['200', ...Array<string>(9).fill('409 E_POINT_EXISTS')]);
    const stored = await pointsNamed(name);
    expect(stored).toHaveLength(1);
    expect(await entries('points.create', stored[0]!.id)).toHaveLength(1);
  });

  it('twenty edits of one point at once: each answered 200, each audit entry starting where the last ended', async () => {
    const built = await buildPoint(t, waw);
    const names = Array.from({ length: 20 }, (_, i) => `${built.name} ${i % 4}`);
    const outcomes = await raceSame(20, (i) =>
      call('update', {
        point: {
          uuid: built.id,
          code: built.code,
          name: names[i],
          streetAddress: 'ul. Złota 59',
          postalCode: '00-120',
          cityName: 'Warszawa',
        },
      }),
    );
    expect(sortedLabels(outcomes)).toEqual(Array<string>(20).fill('200'));
    const final = await t.db.selectFrom('points').select('name').where('id', '=', built.id).executeTakeFirstOrThrow();
    const chain = (await entries('points.update', built.id))
      .reverse()
      .map((e) => (JSON.parse(e.details!) as { name: { from: string; to: string } }).name);
    let before = built.name;
    for (const change of chain) {
      expect(change.from).toBe(before);
      expect(change.to).not.toBe(change.from);
      before = change.to;
    }
    expect(before).toBe(final.name);
  });

  it('ten archives and ten restores of one point at once: no 5xx, the entries alternate with the point as it ends', async () => {
    const built = await buildPoint(t, waw);
    const calls = Array.from({ length: 20 }, (_, i) => () => call('archive', { point: { uuid: built.id }, archived: i % 2 === 0 }));
    expect(sortedLabels(await race(calls))).toEqual(Array<string>(20).fill('200'));
    const archived = [...(await entries('points.archive', built.id)), ...(await entries('points.restore', built.id))]
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map((e) => e.verb);
    // Each change flips it: never two archives (or two restores) in a row, the first an archive.
    archived.forEach((verb, i) => expect(verb).toBe(i % 2 === 0 ? 'points.archive' : 'points.restore'));
    const row = await t.db.selectFrom('points').select('archived_at').where('id', '=', built.id).executeTakeFirstOrThrow();
    expect(row.archived_at !== null).toBe(archived.at(-1) === 'points.archive');
  });

  it('20 imports of one file at once: its points are added once, every answer 200', async () => {
    const rows = [pointRow({ territory: waw }), pointRow({ territory: waw, code: `R-${randomUUID().slice(0, 5)}` })];
    const outcomes = await raceSame(20, () =>
      postPoints(t.app, coordinator.token, pointsCsv(rows), { headers: { 'idempotency-key': randomUUID() } }),
    );
    expect(sortedLabels(outcomes)).toEqual(Array<string>(20).fill('200'));
    for (const row of rows) expect(await pointsNamed(row.name)).toHaveLength(1);
    expect(await auditEntries(t, 'points.import')).toHaveLength(1);
  });

  it('plan imports naming one new point at once add it to the register once', async () => {
    const admin = await buildSignedInStaff(t, { roles: ['admin'] });
    const pointName = `Nowy punkt ${randomUUID().slice(0, 6)}`;
    // One event a file (plans name events that exist, decision 123): ten actions at the one new point.
    const events = Array.from({ length: 10 }, (_, i) => `EV-R-${i}-${randomUUID().slice(0, 4)}`);
    await buildEvents(t, ...events);
    const outcomes = await raceSame(10, (i) =>
      postPlan(t.app, admin.token, planCsv([planRow({ territory: waw, event: events[i]!, point_name: pointName })]), {
        confirm: ['Past', 'Conflicts'],
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(sortedLabels(outcomes)).toEqual(Array<string>(10).fill('200'));
    const [point] = await pointsNamed(pointName);
    expect(await pointsNamed(pointName)).toHaveLength(1);
    const linked = await t.db.selectFrom('action_points').select('point_id').where('name', '=', pointName).execute();
    expect(linked.map((p) => p.point_id)).toEqual(Array<string>(10).fill(point!.id));
    expect(await entries('points.create', point!.id)).toHaveLength(1);
  });
});
