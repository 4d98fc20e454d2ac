import { describe, expect, it } from 'vitest';
import { ACTION_STATE_CASES } from './action-state.cases.ts';
import { actionFactsOf, actionState, globalIdentOf } from './action-state.rules.ts';

describe("an action's status (decision 110)", () => {
  it.each(ACTION_STATE_CASES.map((c) => [c.title, c] as const))('%s', (_title, c) => {
    const facts = actionFactsOf({
      globalStatus: c.cancelled ? 'hst_cancelled' : 'accepted',
      assignments: c.assignments.map((s) => ({ status: s.status, cancelled: s.cancelled, approved: s.review === 'approved' })),
    });
    expect(actionState(facts)).toBe(c.expected);
  });

  it("her app reads planned and approved as 'accepted', cancelled as 'hst_cancelled'", () => {
    expect(globalIdentOf('planned')).toBe('accepted');
    expect(globalIdentOf('started')).toBe('started');
    expect(globalIdentOf('finished')).toBe('finished');
    expect(globalIdentOf('approved')).toBe('accepted');
    expect(globalIdentOf('cancelled')).toBe('hst_cancelled');
  });
});
