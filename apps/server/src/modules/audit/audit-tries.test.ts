import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPromoter } from '../../test/builders.ts';
import { auditEntries, buildEvents, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { planCsv, planRow } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { buildReport } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32, item 13 (decision 109): a refused or not-found try on an object records what was tried —
// the object's type and id, or the territory's ident — also when the answer is the 404 or 422 another
// territory's object gets (it answers as one that does not exist, and is no less a try).

type Signed = Awaited<ReturnType<typeof buildSignedInStaff>>;

describe.each(testDatabases)('tries in the audit log (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Signed;
  let krkCoordinator: Signed;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    await buildEvents(t, 'EV-PROBA', 'EV-PROBY');
  });
  afterAll(() => t.close());

  /** Her newest access entry: verb, object and details. */
  const lastTry = async (verb: 'access.denied' | 'access.not_found', actorId = krkCoordinator.staffId) => {
    const entry = (await auditEntries(t, verb)).find((e) => e.actor_id === actorId);
    return entry && { object: [entry.object_type, entry.object_id], details: JSON.parse(entry.details!) };
  };

  it("a try at another territory's promoter, answered 404, records the promoter tried", async () => {
    const anna = await buildPromoter(t, { territories: [waw] });
    const res = await post(t.app, '/admin/promoters/update', { promoter: { uuid: anna.userId, firstname: 'X' } }, krkCoordinator.token);
    expect(res.statusCode).toBe(404);
    expect(await lastTry('access.not_found')).toEqual({
      object: ['promoter', anna.userId],
      details: { path: '/api/admin/promoters/update', code: 'E_PROMOTER_NOT_FOUND', permission: 'promoters.manage' },
    });
  });

  it("a try at another territory's action, answered 404, records the action tried", async () => {
    const created = await post(t.app, '/admin/actions/create', { action: actionInput(waw) }, admin.token);
    const actionId = created.json().data.action.uuid;
    const res = await post(t.app, '/admin/actions/cancel', { action: { uuid: actionId } }, krkCoordinator.token);
    expect(res.statusCode).toBe(404);
    expect(await lastTry('access.not_found')).toEqual({
      object: ['action', actionId],
      details: { path: '/api/admin/actions/cancel', code: 'E_ACTION_NOT_FOUND', permission: 'actions.plan' },
    });
  });

  it("a try at another territory's report records the report tried (action and hostess code)", async () => {
    const report = await buildReport(t, waw);
    const res = await post(t.app, '/admin/reports/get', report.ref, krkCoordinator.token);
    expect(res.statusCode).toBe(404);
    expect((await lastTry('access.not_found'))?.object).toEqual(['report', `${report.action.uuid}/${report.promoter.ident}`]);
  });

  it('naming another territory records the territory tried', async () => {
    const res = await post(t.app, '/admin/dashboard', { from: '2030-01-01', to: '2030-01-31', territory: waw }, krkCoordinator.token);
    expect(res.statusCode).toBe(422);
    expect(await lastTry('access.not_found')).toEqual({
      object: ['territory', waw],
      details: { path: '/api/admin/dashboard', code: 'E_TERRITORY_NOT_FOUND', permission: 'dashboard.read' },
    });
  });

  it('a plan file naming promoters she cannot see records their codes: the first hundred and how many', async () => {
    const anna = await buildPromoter(t, { territories: [waw] });
    const codes = [anna.ident, ...Array.from({ length: 150 }, (_, i) => `NIEMA${i}`)];
    // At most 50 codes a row (decision 106): four rows, each its own action.
    const rows = [0, 1, 2, 3].map((i) =>
      planRow({ event: 'EV-PROBA', name: `Próba ${i}`, territory: krk, promoters: codes.slice(i * 40, i * 40 + 40).join(',') }),
    );
    const file = planCsv(rows);
    const res = await postPlan(t.app, krkCoordinator.token, file, { dryRun: true, headers: { 'idempotency-key': randomUUID() } });
    expect(res.statusCode).toBe(422);
    const entry = await lastTry('access.not_found');
    expect(entry?.object).toEqual(['promoter', null]);
    expect(entry?.details).toEqual({
      path: '/api/admin/actions/import',
      code: 'E_PLAN_INVALID',
      permission: 'actions.plan',
      ids: codes.slice(0, 100),
      count: 151,
    });
  });

  it("the guard's refusal records the route and the permission it needs", async () => {
    const client = await buildSignedInStaff(t, { roles: ['client'] });
    const res = await post(t.app, '/admin/promoters/list', {}, client.token);
    expect(res.statusCode).toBe(403);
    expect(await lastTry('access.denied', client.staffId)).toEqual({
      object: [null, null],
      details: { path: '/api/admin/promoters/list', code: 'E_FORBIDDEN', permission: 'promoters.read' },
    });
  });
});

function actionInput(territory: string) {
  return {
    event: { ident: 'EV-PROBY' },
    name: `Akcja ${randomUUID().slice(0, 8)}`,
    since: '2030-06-10 10:00:00',
    until: '2030-06-10 18:00:00',
    territory: { ident: territory },
    points: [
      {
        name: 'Punkt',
        streetAddress: 'ul. Złota 1',
        postalCode: null,
        cityName: 'Warszawa',
        petraId: null,
        latitude: null,
        longitude: null,
      },
    ],
  };
}
