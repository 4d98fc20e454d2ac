// An action's status as everyone reads it (issue 33 item 1, decision 110): derived from what its
// promoters did and the organiser's cancel, never stored apart. The rule is the table below, read in
// order, first match wins: the web and the server evaluate it with actionState(), the server's SQL is
// compiled from the same table (apps/server/src/db/action-state.ts) for its filters and counts, and one
// table of cases tests both.

/** The statuses of an action in the back office (Plan, live, reports, exports, dashboard). */
export const ACTION_STATES = ['planned', 'started', 'finished', 'approved', 'cancelled'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/**
 * What the status is derived from. An assignment counts unless she cancelled her part in her app.
 * cancelled: 1 when the organiser cancelled the action (global hst_cancelled), else 0;
 * assigned: her colleagues' assignments that count; begun: of them, started or finished;
 * finished: of them, finished; approved: of them, finished with the report approved.
 */
export type ActionFacts = { cancelled: number; assigned: number; begun: number; finished: number; approved: number };
export type ActionFact = keyof ActionFacts;

type Term = ActionFact | number;
export type ActionStateCondition = readonly [Term, '=' | '>', Term];

/** The rule: the first line whose conditions all hold gives the status (the last has none). */
export const ACTION_STATE_RULE: readonly { state: ActionState; when: readonly ActionStateCondition[] }[] = [
  { state: 'cancelled', when: [['cancelled', '>', 0]] },
  {
    state: 'approved',
    when: [
      ['assigned', '>', 0],
      ['approved', '=', 'assigned'],
    ],
  },
  {
    state: 'finished',
    when: [
      ['assigned', '>', 0],
      ['finished', '=', 'assigned'],
    ],
  },
  { state: 'started', when: [['begun', '>', 0]] },
  { state: 'planned', when: [] },
];

const value = (facts: ActionFacts, term: Term) => (typeof term === 'number' ? term : facts[term]);

/** The action's status from its facts. */
export function actionState(facts: ActionFacts): ActionState {
  for (const line of ACTION_STATE_RULE) {
    const holds = line.when.every(([left, op, right]) =>
      op === '=' ? value(facts, left) === value(facts, right) : value(facts, left) > value(facts, right),
    );
    if (holds) return line.state;
  }
  return 'planned';
}

/** The facts of an action held in memory: the organiser's status and each assignment. */
export function actionFactsOf(action: {
  globalStatus: string;
  assignments: readonly { status: 'started' | 'finished' | null; cancelled?: boolean; approved?: boolean }[];
}): ActionFacts {
  const counted = action.assignments.filter((s) => !s.cancelled);
  return {
    cancelled: action.globalStatus === 'hst_cancelled' ? 1 : 0,
    assigned: counted.length,
    begun: counted.filter((s) => s.status !== null).length,
    finished: counted.filter((s) => s.status === 'finished').length,
    approved: counted.filter((s) => s.status === 'finished' && s.approved).length,
  };
}

/**
 * The status as her app's API names it (spec §3 status.global.ident): a planned action is 'accepted'
 * (the organiser's word the list's current use asks for, spec §9) and so is an approved one.
 */
export function globalIdentOf(state: ActionState): 'started' | 'accepted' | 'finished' | 'hst_cancelled' {
  if (state === 'cancelled') return 'hst_cancelled';
  if (state === 'started' || state === 'finished') return state;
  return 'accepted';
}
