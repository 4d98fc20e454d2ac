import type { ActionState } from './action-state.rules.ts';

// The table of cases of an action's status (decision 110): the contract's unit test evaluates each
// with actionState(), the server's test builds each in the database and reads the compiled SQL, so
// the rule's two readings are held to one table.

export type ActionStateCase = {
  title: string;
  /** The organiser cancelled the action (global hst_cancelled). */
  cancelled: boolean;
  /** Each assignment: her status, whether she cancelled her part, her report's review state. */
  assignments: readonly {
    status: 'started' | 'finished' | null;
    cancelled?: boolean;
    review?: 'submitted' | 'changes_requested' | 'resubmitted' | 'approved';
  }[];
  expected: ActionState;
};

export const ACTION_STATE_CASES: readonly ActionStateCase[] = [
  { title: 'nobody assigned', cancelled: false, assignments: [], expected: 'planned' },
  { title: 'assigned, not started', cancelled: false, assignments: [{ status: null }], expected: 'planned' },
  { title: 'her part cancelled by her only', cancelled: false, assignments: [{ status: null, cancelled: true }], expected: 'planned' },
  { title: 'she started', cancelled: false, assignments: [{ status: 'started' }], expected: 'started' },
  { title: 'she finished, report not reviewed', cancelled: false, assignments: [{ status: 'finished' }], expected: 'finished' },
  {
    title: 'she finished, changes requested',
    cancelled: false,
    assignments: [{ status: 'finished', review: 'changes_requested' }],
    expected: 'finished',
  },
  {
    title: 'she finished, resubmitted',
    cancelled: false,
    assignments: [{ status: 'finished', review: 'resubmitted' }],
    expected: 'finished',
  },
  { title: 'she finished, approved', cancelled: false, assignments: [{ status: 'finished', review: 'approved' }], expected: 'approved' },
  {
    title: 'one approved, the other not started',
    cancelled: false,
    assignments: [{ status: 'finished', review: 'approved' }, { status: null }],
    expected: 'started',
  },
  {
    title: 'one started, the other finished',
    cancelled: false,
    assignments: [{ status: 'started' }, { status: 'finished' }],
    expected: 'started',
  },
  {
    title: 'both finished, one approved',
    cancelled: false,
    assignments: [{ status: 'finished', review: 'approved' }, { status: 'finished' }],
    expected: 'finished',
  },
  {
    title: 'both finished and approved',
    cancelled: false,
    assignments: [
      { status: 'finished', review: 'approved' },
      { status: 'finished', review: 'approved' },
    ],
    expected: 'approved',
  },
  {
    title: 'one approved, the other cancelled her part',
    cancelled: false,
    assignments: [
      { status: 'finished', review: 'approved' },
      { status: null, cancelled: true },
    ],
    expected: 'approved',
  },
  { title: 'cancelled by the organiser before anyone started', cancelled: true, assignments: [{ status: null }], expected: 'cancelled' },
  { title: 'cancelled by the organiser while she works', cancelled: true, assignments: [{ status: 'started' }], expected: 'cancelled' },
  {
    title: 'cancelled by the organiser after approval',
    cancelled: true,
    assignments: [{ status: 'finished', review: 'approved' }],
    expected: 'cancelled',
  },
];
