import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_STATE_CASES, type ActionStateCase } from '@promotor/contract/rules/action-state-cases';
import { buildAction, buildPromoter } from '../test/builders.ts';
import { assignAlso, buildReview } from '../test/field-data.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { stateOfAction } from './action-state.ts';

// The SQL reading of an action's status (decision 110) against the contract's table of cases: each
// case built as rows, then read through the compiled rule.
describe.each(testDatabases)("an action's status in SQL (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function buildCase(c: ActionStateCase): Promise<string> {
    const first = await buildPromoter(t);
    const action = await buildAction(t, first, { global: c.cancelled ? 'hst_cancelled' : 'accepted' });
    await t.db.deleteFrom('action_assignments').where('action_id', '=', action.uuid).execute();
    for (const s of c.assignments) {
      const promoter = await buildPromoter(t);
      await assignAlso(t, action, promoter, { status: s.status, ...(s.cancelled ? { cancelledAt: t.clock.now().toISOString() } : {}) });
      if (s.review) await buildReview(t, action, promoter, s.review);
    }
    return action.uuid;
  }

  it.each(ACTION_STATE_CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    const id = await buildCase(c);
    const row = await t.db.selectFrom('actions as a').select(stateOfAction().as('state')).where('a.id', '=', id).executeTakeFirstOrThrow();
    expect(row.state).toBe(c.expected);
  });
});
