import type { Db } from '../../db/kysely.ts';
import type { ActionTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import * as repo from './actions.repository.ts';

// "Her action, in the status this call needs": the checks every call on an action makes before it
// changes anything (check-in, check-out, cancel, location, polls, photos; vouchers and receipts next).

/**
 * What the guards hand out: the action's id, start and statuses. The repository's row stays inside the
 * actions module, so the modules that use the guards (polls, photos; vouchers and receipts next) do not
 * depend on its columns.
 */
export type AssignedAction = Readonly<Pick<repo.ActionRow, 'id' | 'ident' | 'name' | 'since' | 'until' | 'global_status' | 'user_status'>>;

/** The caller's action, or 404 — another promoter's action is never revealed to exist. */
export async function requireAssignedAction(db: Db, caller: CallerUser, actionId: string): Promise<AssignedAction> {
  const row = await repo.findAssignedAction(db, caller.userId, actionId);
  if (!row) throw new AppError('E_ACTION_NOT_FOUND');
  return row;
}

/**
 * One action runs at a time (spec §2): starting another, or sending its start photos, is refused and
 * names the running one so the app can lead her to its finish.
 */
export async function refuseWhileAnotherStarted(db: Db, caller: CallerUser): Promise<void> {
  const other = await repo.findStartedAction(db, caller.userId);
  if (other) throw new AppError('E_WRONG_ACTION_STATUS', { startedAction: other.id });
}

export type StatusRule = {
  /** Her status the call needs: null before she has started, 'started' while it runs. */
  userStatus: 'started' | null;
  /**
   * The organiser's statuses that refuse the call (E_WRONG_ACTION_STATUS). By default hst_cancelled:
   * spec §2, a cancelled action disables start, finish and cancel.
   */
  refusedGlobal?: readonly ActionTable['global_status'][];
  /**
   * The code when she has already finished it: E_ACTION_ALREADY_CHECK_OUT by default (the app opens its
   * 'already closed' modal, spec §9), or E_WRONG_ACTION_STATUS where that modal would mislead.
   */
  whenFinished?: 'E_ACTION_ALREADY_CHECK_OUT' | 'E_WRONG_ACTION_STATUS';
};

/** Refuses an action (already loaded as hers) that is not in the status the rule needs. */
export function checkActionStatus(action: Pick<AssignedAction, 'global_status' | 'user_status'>, rule: StatusRule): void {
  const refused = rule.refusedGlobal ?? ['hst_cancelled'];
  if (refused.includes(action.global_status)) throw new AppError('E_WRONG_ACTION_STATUS');
  if (action.user_status === rule.userStatus) return;
  throw new AppError(action.user_status === 'finished' ? (rule.whenFinished ?? 'E_ACTION_ALREADY_CHECK_OUT') : 'E_WRONG_ACTION_STATUS');
}

/** The caller's action in the status the rule needs: E_ACTION_NOT_FOUND, else the status codes above. */
export async function requireActionInStatus(db: Db, caller: CallerUser, actionId: string, rule: StatusRule): Promise<AssignedAction> {
  const action = await requireAssignedAction(db, caller, actionId);
  checkActionStatus(action, rule);
  return action;
}
