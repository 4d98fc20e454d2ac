import { PLAN_IMPORT_MAX_CHANGES, type PlanImportConfirmations, type PlanImportConflict } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { timeSlices } from '../../lib/time-slices.ts';
import { assignmentWarnings, daysOf } from './assignment-warnings.ts';
import type { PlanStep } from './plan-diff.ts';
import { schedulesInRange } from './planning-assign.repository.ts';

// What a plan file's write must confirm (issue 33, decision 113): the actions it plans or changes that
// start before now, and the schedule conflicts of the promoters it assigns — with her actions already
// planned, with the file's other actions, and with the availability she declared that day. (The events
// it names must exist, decision 123: plan-references.ts.)

export type PlanConfirm = { past: boolean; conflicts: boolean };

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

/** Wall-clock text ('2031-02-01 08:00:00') as milliseconds on a clock without zones, and back. */
const wallMs = (text: string) => Date.parse(`${text.slice(0, 10)}T${text.slice(11, 19) || '00:00:00'}Z`);
const wallText = (ms: number, like: string) => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)}${like.charAt(10) || ' '}${iso.slice(11, 19)}`.slice(0, like.length);
};

/**
 * One promoter's actions (or availability blocks) sorted by their start, searched by time: a plan of
 * 10,000 actions for one promoter compared each with all the others (10^8 pairs) and held the event loop
 * for over a second (issue 32: nothing a file contains may stall other requests).
 */
export class Timeline<T extends { since: string; until: string }> {
  readonly #items: T[];
  /** The longest item: one that starts this much before a span may still reach into it. */
  readonly #longest: number;

  constructor(items: T[]) {
    this.#items = items.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
    this.#longest = items.reduce((longest, i) => Math.max(longest, wallMs(i.until) - wallMs(i.since)), 0);
  }

  /** The items that overlap the span, in the order of their starts. */
  overlapping(span: { since: string; until: string }): T[] {
    const from = wallText(wallMs(span.since) - this.#longest, span.since);
    const found: T[] = [];
    for (let i = this.#firstAtOrAfter(from); i < this.#items.length && this.#items[i]!.since < span.until; i++) {
      if (overlaps(this.#items[i]!, span)) found.push(this.#items[i]!);
    }
    return found;
  }

  #firstAtOrAfter(since: string): number {
    let [lo, hi] = [0, this.#items.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#items[mid]!.since < since) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function timelines<T extends { user_id: string; since: string; until: string }>(items: Iterable<T>): Map<string, Timeline<T>> {
  const byPromoter = new Map<string, T[]>();
  for (const item of items) {
    const list = byPromoter.get(item.user_id);
    if (list) list.push(item);
    else byPromoter.set(item.user_id, [item]);
  }
  return new Map([...byPromoter].map(([userId, list]) => [userId, new Timeline(list)]));
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
  const fromFile = timelines([...fileSchedules(steps, promoterIds).values()].flat());
  const storedOf = timelines(stored.actions.map((a): Scheduled => ({ ...a, row: null })));
  const blocksOf = timelines(stored.availability);
  const codes = new Map([...promoterIds].map(([code, id]) => [id, code]));
  const conflicts: PlanImportConflict[] = [];
  const pause = timeSlices();
  for (const step of assigning) {
    await pause();
    const span = step.planned;
    const day = daysOf(span);
    for (const userId of step.promoterIds) {
      // One action once: the file's line of an action it plans rather than its stored copy.
      const others = new Map<string, Scheduled>();
      for (const o of [...(fromFile.get(userId)?.overlapping(span) ?? []), ...(storedOf.get(userId)?.overlapping(span) ?? [])]) {
        if (o.id !== step.actionId && !others.has(o.id)) others.set(o.id, o);
      }
      const blocks = blocksOf.get(userId)?.overlapping(day) ?? [];
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
 * What the steps need confirmed. Inside the write's transaction the promoters' schedules are locked
 * first, so two imports (or an /assign) cannot both pass a check blind to the other.
 */
export async function planConfirmations(
  db: Db,
  steps: readonly PlanStep[],
  o: { promoterIds: ReadonlyMap<string, string>; now: Date; timeZone: string; lock: boolean },
): Promise<PlanImportConfirmations> {
  const changing = steps.filter((s): s is Changing => s.change !== 'unchanged');
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
    past: past.slice(0, PLAN_IMPORT_MAX_CHANGES),
    pastCount: past.length,
    conflicts: conflicts.slice(0, PLAN_IMPORT_MAX_CHANGES),
    conflictCount: conflicts.length,
  };
}

/** Whether the write confirmed everything it needs to. */
export const confirmedAll = (c: PlanImportConfirmations, confirm: PlanConfirm) =>
  (c.pastCount === 0 || confirm.past) && (c.conflictCount === 0 || confirm.conflicts);
