import type { AssignmentWarning } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { anyInScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { assignmentWarnings, daysOf } from './assignment-warnings.ts';
import * as assignRepo from './planning-assign.repository.ts';
import type { PlanningCaller } from './planning.types.ts';

// What /assign, /create (with promoters) and /update (new times) share before a promoter is assigned
// to an action or her action moves: she may be assigned there, and her schedule (decision 113).

/** Each promoter active, one the caller sees, and working in the action's territory. */
export async function checkAssignable(trx: Db, caller: PlanningCaller, ids: readonly string[], territoryId: string | null) {
  const promoters = await assignRepo.findPromotersById(trx, ids);
  for (const id of ids) {
    const promoter = promoters.get(id);
    // One of no territory of the caller's is unknown to her, as a missing one (decision 109).
    if (!promoter || !promoter.active || !anyInScope(caller.scope, [...promoter.territoryIds])) {
      throw refusedTry('E_PROMOTER_NOT_FOUND', { type: 'promoter', ids: [id] });
    }
    if (territoryId === null || !promoter.territoryIds.has(territoryId)) throw new AppError('E_PROMOTER_NOT_OF_TERRITORY');
  }
}

/**
 * The promoters' conflicts with the action's times, read after their schedules are locked: two
 * assignments of hers at once to overlapping actions cannot both pass unseen (the second waits, then
 * sees the first). Unconfirmed conflicts are 409 E_SCHEDULE_CONFLICT with `data.conflicts`.
 */
export async function scheduleConflicts(
  trx: Db,
  ids: readonly string[],
  action: { actionId: string; since: string; until: string },
  confirm: boolean,
): Promise<AssignmentWarning[]> {
  if (ids.length === 0) return [];
  await lockNames(trx, 'promoter schedule', ids);
  const [others, availability] = await Promise.all([
    assignRepo.overlappingActions(trx, ids, action),
    assignRepo.availabilityAround(trx, ids, daysOf(action)),
  ]);
  const conflicts = assignmentWarnings(ids, action, others, availability);
  if (conflicts.length > 0 && !confirm) throw new AppError('E_SCHEDULE_CONFLICT', undefined, { conflicts });
  return conflicts;
}
