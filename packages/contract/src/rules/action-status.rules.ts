import type { ErrorCode } from '../error-codes.ts';

// spec §4 User status: when a promoter may check in, check out or cancel. Written once for the server
// (which refuses with the code) and the web app (which hides or dims what would be refused), so the
// two cannot drift again. Zod-free: the web's list page uses it without the schemas.

/** What the rules look at, as both sides hold it: the action's global status, hers, and its start. */
export type ActionStatusFacts = {
  globalStatus: 'started' | 'accepted' | 'finished' | 'hst_cancelled';
  /** Her status (status.user.status): null until she checks in. */
  userStatus: 'started' | 'finished' | null;
  /** The action's start, wall clock 'YYYY-MM-DD HH:mm:ss' (or at least its 'YYYY-MM-DD'). */
  since: string;
};

export type ActionStatusRefusal = Extract<ErrorCode, 'E_WRONG_ACTION_STATUS' | 'E_ACTION_ALREADY_CHECK_OUT'>;

/**
 * Why a check-in is refused, or null when she may check in. `today` is 'YYYY-MM-DD' in the app's time
 * zone (wall-clock.ts `wallDay`): an action starting on a later day cannot start yet. Wall-clock
 * dates of one zone compare as text.
 */
export function checkInRefusal(action: ActionStatusFacts, today: string): ActionStatusRefusal | null {
  if (action.globalStatus === 'hst_cancelled' || action.globalStatus === 'finished') return 'E_WRONG_ACTION_STATUS';
  if (action.userStatus === 'finished') return 'E_ACTION_ALREADY_CHECK_OUT';
  if (action.userStatus === 'started') return 'E_WRONG_ACTION_STATUS';
  if (action.since.slice(0, 10) > today) return 'E_WRONG_ACTION_STATUS';
  return null;
}

/** Why a check-out is refused: only an action she has started, and not one the organiser cancelled. */
export function checkOutRefusal(action: Omit<ActionStatusFacts, 'since'>): ActionStatusRefusal | null {
  if (action.globalStatus === 'hst_cancelled') return 'E_WRONG_ACTION_STATUS';
  if (action.userStatus === 'finished') return 'E_ACTION_ALREADY_CHECK_OUT';
  if (action.userStatus !== 'started') return 'E_WRONG_ACTION_STATUS';
  return null;
}

/** Why her cancel is refused: only before she has started, and not on a cancelled action. */
export function cancelRefusal(action: Omit<ActionStatusFacts, 'since'>): ActionStatusRefusal | null {
  return action.globalStatus === 'hst_cancelled' || action.userStatus !== null ? 'E_WRONG_ACTION_STATUS' : null;
}

/** The facts of an action as the API returns it (spec §3 Action), for the web app. */
export const actionStatusFacts = (action: {
  status: { global: { ident: ActionStatusFacts['globalStatus'] }; user: { status: ActionStatusFacts['userStatus'] } };
  since: { date: string };
}): ActionStatusFacts => ({
  globalStatus: action.status.global.ident,
  userStatus: action.status.user.status,
  since: action.since.date,
});
