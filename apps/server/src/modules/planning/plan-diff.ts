import { actionFactsOf, actionState } from '@promotor/contract/rules';
import type { ActionPointTable, ActionTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { PlanCsvError } from './plan-csv.ts';
import type { PlannedAction, PlannedPoint } from './plan-rows.ts';

// What an import changes (decision 087): each action of the file against the action already planned
// with the same event, name, territory and times. Pure, so "a re-import changes nothing" is a unit
// test as well as an integration one.

export type StoredAction = {
  id: string;
  globalStatus: ActionTable['global_status'];
  points: ActionPointTable[];
  /** Every promoter with an assignment row, whether she cancelled it in her app or not. */
  assignments: { userId: string; status: 'started' | 'finished' | null }[];
};

export type PlanStep =
  | { change: 'created'; actionId: string; planned: PlannedAction; promoterIds: string[] }
  | {
      change: 'updated';
      actionId: string;
      planned: PlannedAction;
      stored: StoredAction;
      pointsChanged: boolean;
      /** A point's name or address changed, or one came or went: what her list shows (decision 135). */
      placeChanged: boolean;
      promoterIds: string[];
    }
  | { change: 'unchanged'; actionId: string; planned: PlannedAction; stored: StoredAction };

const samePoint = (stored: ActionPointTable, p: PlannedPoint) =>
  stored.name === p.name &&
  stored.street_address === p.street &&
  stored.postal_code === p.postalCode &&
  stored.city_name === p.city &&
  stored.petra_id === p.petraId &&
  stored.latitude === p.latitude &&
  stored.longitude === p.longitude;

export const samePoints = (stored: readonly ActionPointTable[], planned: readonly PlannedPoint[]) =>
  stored.length === planned.length && planned.every((p, i) => samePoint(stored[i]!, p));

/** The points as her list shows them (name and address): a new code or coordinates alone sends her nowhere else. */
const samePlace = (stored: ActionPointTable, p: PlannedPoint) =>
  stored.name === p.name && stored.street_address === p.street && stored.postal_code === p.postalCode && stored.city_name === p.city;

export const samePlaces = (stored: readonly ActionPointTable[], planned: readonly PlannedPoint[]) =>
  stored.length === planned.length && planned.every((p, i) => samePlace(stored[i]!, p));

/** Its status is 'planned' (decision 110: nobody has started it, not cancelled): a file or the back office may still change it. */
export const isStillPlanned = (a: Pick<StoredAction, 'globalStatus' | 'assignments'>) => actionState(actionFactsOf(a)) === 'planned';

const notPlannedAnyMore = 'Ta akcja już trwa, zakończyła się albo została odwołana: plik nie może jej zmienić.';

/**
 * The step of each action of the file, in its order, or errors for actions the file would change but
 * may not. `promoterIds`: hostess code → promoter id (checked by plan-references.ts before).
 */
export function diffPlan(
  planned: readonly PlannedAction[],
  stored: ReadonlyMap<string, StoredAction>,
  promoterIds: ReadonlyMap<string, string>,
): { steps: PlanStep[]; errors: PlanCsvError[] } {
  const steps: PlanStep[] = [];
  const errors: PlanCsvError[] = [];
  for (const action of planned) {
    const ids = [...action.promoters.keys()].map((code) => promoterIds.get(code)!);
    const existing = stored.get(action.key);
    if (!existing) {
      steps.push({ change: 'created', actionId: newId(), planned: action, promoterIds: ids });
      continue;
    }
    const assigned = new Set(existing.assignments.map((s) => s.userId));
    const newPromoters = ids.filter((id) => !assigned.has(id));
    const pointsChanged = !samePoints(existing.points, action.points);
    if (!pointsChanged && newPromoters.length === 0) {
      steps.push({ change: 'unchanged', actionId: existing.id, planned: action, stored: existing });
    } else if (!isStillPlanned(existing)) {
      for (const row of action.rows) errors.push({ row, column: null, message: notPlannedAnyMore });
    } else {
      const placeChanged = !samePlaces(existing.points, action.points);
      steps.push({
        change: 'updated',
        actionId: existing.id,
        planned: action,
        stored: existing,
        pointsChanged,
        placeChanged,
        promoterIds: newPromoters,
      });
    }
  }
  return { steps, errors };
}
