import { PLAN_IMPORT_MAX_CHANGES, type PlanImportConfirmations, type PlanImportConflict } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { assignmentWarnings, daysOf } from './assignment-warnings.ts';
import type { PlanStep } from './plan-diff.ts';
import { schedulesInRange } from './planning-assign.repository.ts';

// What a plan file's write must confirm (issue 33, decision 113): the events it names that do not exist
// yet (a typo makes a new event, and voucher codes belong to an event), the actions it plans or changes
// that start before now, and the schedule conflicts of the promoters it assigns — with her actions
// already planned, with the file's other actions, and with the availability she declared that day.

export type PlanConfirm = { newEvents: boolean; past: boolean; conflicts: boolean };

type Changing = Exclude<PlanStep, { change: 'unchanged' }>;
type Scheduled = { user_id: string; id: string; name: string; since: string; until: string; row: number | null };

const CONFLICT_ACTIONS_SHOWN = 10;

const overlaps = (a: { since: string; until: string }, b: { since: string; until: string }) => a.since < b.until && b.since < a.until;

/** The file's own assignments (every action naming her, changed or not), by promoter id. */
function fileSchedules(steps: readonly PlanStep[], promoterIds: ReadonlyMap<string, string>): Map<string, Scheduled[]> {
  const byPromoter = new Map<string, Scheduled[]>();
  for (const step of steps) {
    const a = step.planned;
    for (const [code, rows] of a.promoters) {
      const userId = promoterIds.get(code)!;
      const list = byPromoter.get(userId) ?? [];
      list.push({ user_id: userId, id: step.actionId, name: a.name, since: a.since, until: a.until, row: rows[0]! });
      byPromoter.set(userId, list);
    }
  }
  return byPromoter;
}

/** The conflicts of each promoter each changing step assigns, by the row naming her. */
async function conflictsOf(db: Db, steps: readonly PlanStep[], changing: readonly Changing[], promoterIds: ReadonlyMap<string, string>) {
  const assigning = changing.filter((s) => s.promoterIds.length > 0);
  if (assigning.length === 0) return [];
  const ids = [...new Set(assigning.flatMap((s) => s.promoterIds))];
  const since = assigning.map((s) => s.planned.since).sort()[0]!;
  const until = assigning
    .map((s) => s.planned.until)
    .sort()
    .at(-1)!;
  const stored = await schedulesInRange(db, ids, daysOf({ since, until }));
  const fromFile = fileSchedules(steps, promoterIds);
  const storedOf = new Map<string, Scheduled[]>();
  for (const a of stored.actions) storedOf.set(a.user_id, [...(storedOf.get(a.user_id) ?? []), { ...a, row: null }]);
  const codes = new Map([...promoterIds].map(([code, id]) => [id, code]));
  const conflicts: PlanImportConflict[] = [];
  for (const step of assigning) {
    const span = step.planned;
    const day = daysOf(span);
    for (const userId of step.promoterIds) {
      // One action once: the file's line of an action it plans rather than its stored copy.
      const others = new Map<string, Scheduled>();
      for (const o of [...(fromFile.get(userId) ?? []), ...(storedOf.get(userId) ?? [])]) {
        if (o.id !== step.actionId && overlaps(o, span) && !others.has(o.id)) others.set(o.id, o);
      }
      const blocks = stored.availability.filter((b) => b.user_id === userId && overlaps(b, day));
      const row = span.promoters.get(codes.get(userId)!)![0]!;
      for (const w of assignmentWarnings([userId], span, [...others.values()], blocks)) {
        // Her first few other actions then: enough to find them in the file or the plan.
        const named = w.actions
          .slice(0, CONFLICT_ACTIONS_SHOWN)
          .map((a) => ({ name: a.name, since: a.since, until: a.until, row: others.get(a.uuid)!.row }));
        conflicts.push({ row, promoter: codes.get(userId)!, kind: w.kind, actions: named });
      }
    }
  }
  return conflicts.sort((a, b) => a.row - b.row);
}

/**
 * What the steps need confirmed. `knownEvents`: the idents of events that exist. Inside the write's
 * transaction the promoters' schedules are locked first, so two imports (or an /assign) cannot both
 * pass a check blind to the other.
 */
export async function planConfirmations(
  db: Db,
  steps: readonly PlanStep[],
  o: { knownEvents: ReadonlySet<string>; promoterIds: ReadonlyMap<string, string>; now: Date; timeZone: string; lock: boolean },
): Promise<PlanImportConfirmations> {
  const changing = steps.filter((s): s is Changing => s.change !== 'unchanged');
  const newEvents = new Map<string, number[]>();
  for (const step of changing) {
    const { event, rows } = step.planned;
    if (!o.knownEvents.has(event)) newEvents.set(event, [...(newEvents.get(event) ?? []), ...rows]);
  }
  const now = toWallClock(o.now, o.timeZone);
  const past = changing.filter((s) => s.planned.since < now).map((s) => ({ row: s.planned.rows[0]!, since: s.planned.since }));
  if (o.lock) {
    await lockNames(
      db,
      'promoter schedule',
      changing.flatMap((s) => s.promoterIds),
    );
  }
  const conflicts = await conflictsOf(db, steps, changing, o.promoterIds);
  return {
    newEvents: [...newEvents].map(([event, rows]) => ({ event, rows: rows.slice(0, PLAN_IMPORT_MAX_CHANGES) })),
    past: past.slice(0, PLAN_IMPORT_MAX_CHANGES),
    pastCount: past.length,
    conflicts: conflicts.slice(0, PLAN_IMPORT_MAX_CHANGES),
    conflictCount: conflicts.length,
  };
}

/** Whether the write confirmed everything it needs to. */
export const confirmedAll = (c: PlanImportConfirmations, confirm: PlanConfirm) =>
  (c.newEvents.length === 0 || confirm.newEvents) && (c.pastCount === 0 || confirm.past) && (c.conflictCount === 0 || confirm.conflicts);
