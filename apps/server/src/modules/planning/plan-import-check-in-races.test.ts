import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInOnly, sendStartPhotos } from '../../test/action-steps.ts';
import { buildEvents, buildSignedInStaff } from '../../test/admin-builders.ts';
import { buildSignedInPromoter, wallDay } from '../../test/builders.ts';
import { planCsv, planRow, type PlanRowValues } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { actionInvariantViolations, outcomeOf, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// A plan import that changes an action at the moment she starts it (issue 32): the import moves the
// action's point elsewhere while her check-in names the old one. Either may win, as one after the
// other: she starts and the import is refused for that action (it is no longer only planned), or the
// point moves and her check-in is told the point is not the action's. Never her start at a point the
// action no longer has.

const ROUNDS = 4;

describe.each(testDatabases)('a plan import and her check-in on one action at once (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  let officeToken: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
    officeToken = (await buildSignedInStaff(t, { roles: ['admin'], territories: ['WAW-CENTRUM'] })).token;
  });
  afterAll(() => t.close());

  /** The file posted, its events made first (decision 123: a plan names only events that exist). */
  const importPlan = async (rows: PlanRowValues[]) => {
    await buildEvents(t, ...new Set(rows.map((r) => r.event)));
    return postPlan(t.app, officeToken, planCsv(rows), {
      confirm: ['Past', 'Conflicts'],
      headers: { 'idempotency-key': randomUUID() },
    });
  };

  it(`the import moves the point she is starting at (${ROUNDS} rounds): one of the two wins, her start is never at a point the action lost`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const her = await buildSignedInPromoter(t, { territories: ['WAW-CENTRUM'] });
      const row = planRow({
        event: `EV-START-${randomUUID().slice(0, 8)}`,
        date: wallDay(t),
        from: '00:00',
        to: '23:59',
        point_name: 'Punkt stary',
        promoters: her.ident,
      });
      expect((await importPlan([row])).statusCode).toBe(200);
      const action = await t.db
        .selectFrom('actions')
        .select(['id', 'name', 'since', 'until'])
        .where('name', '=', row.name)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const [point] = await t.db.selectFrom('action_points').select('id').where('action_id', '=', action.id).execute();
      const built = { uuid: action.id, name: action.name, since: action.since, until: action.until, points: [point!.id] };
      await sendStartPhotos(t.app, her.token, built);

      gate.together(['/admin/actions/import', '/action/check-in'], 2);
      const [imported, started] = await Promise.all([
        importPlan([{ ...row, point_name: 'Punkt nowy', street: 'ul. Nowa 1' }]),
        checkInOnly(t.app, her.token, built),
      ]);
      const answers = [outcomeOf(imported), outcomeOf(started)];
      expect(serverErrors(answers)).toEqual([]);
      const labels = [imported.statusCode === 200 ? 'import' : 'start', sortedLabels(answers).join(' + ')].join(': ');
      expect(['import: 200 + 404 E_ACTION_POINT_NOT_FOUND', 'start: 200 + 422 E_PLAN_INVALID']).toContain(labels);
      expect(await actionInvariantViolations(t.db, { actionIds: [action.id] })).toEqual([]);
    }
  });
});
