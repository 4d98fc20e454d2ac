import type { AssignmentWarning } from '@promotor/contract';

// Issue 24, issue 33 (decision 113): an assignment that overlaps another of her actions, or falls outside
// the hours she said she is available that day, is a schedule conflict. The coordinator may know better:
// she confirms it and it is made (answered as warnings); unconfirmed, it is refused with the list.

type Span = { since: string; until: string };

/** Two spans share some time (touching ones do not). */
export const overlaps = (a: Span, b: Span) => a.since < b.until && b.since < a.until;

/** Whether the blocks (wall-clock text, any order) leave no gap in since–until. */
export function covers(blocks: readonly Span[], span: Span): boolean {
  let reached = span.since;
  for (const block of [...blocks].sort((a, b) => a.since.localeCompare(b.since))) {
    if (block.since > reached) return false;
    if (block.until > reached) reached = block.until;
    if (reached >= span.until) return true;
  }
  return reached >= span.until;
}

/** The days a span touches, as the bounds the availability she declared is read in. */
export const daysOf = (span: Span): Span => ({
  since: `${span.since.slice(0, 10)} 00:00:00`,
  until: `${span.until.slice(0, 10)} 23:59:59`,
});

/**
 * The conflicts of each promoter, in the order given: an overlap first, then her availability. A day on
 * which she declared no availability says nothing (she may not have filled in her calendar): only a day
 * with blocks that leave part of the action out is a conflict. `availability`: her blocks of daysOf(action).
 */
export function assignmentWarnings(
  promoterIds: readonly string[],
  action: Span,
  others: readonly (Span & { user_id: string; id: string; name: string })[],
  availability: readonly (Span & { user_id: string })[],
): AssignmentWarning[] {
  const warnings: AssignmentWarning[] = [];
  for (const id of promoterIds) {
    const hers = others.filter((o) => o.user_id === id);
    if (hers.length > 0) {
      warnings.push({
        promoter: { uuid: id },
        kind: 'overlap',
        actions: hers.map((o) => ({ uuid: o.id, name: o.name, since: o.since, until: o.until })),
      });
    }
    const declared = availability.filter((a) => a.user_id === id);
    // Her blocks with it: what a confirmation overrides is on the record (decision 126).
    if (declared.length > 0 && !covers(declared, action)) {
      const blocks = declared.map(({ since, until }) => ({ since, until })).sort((a, b) => a.since.localeCompare(b.since));
      warnings.push({ promoter: { uuid: id }, kind: 'outside_availability', actions: [], availability: blocks });
    }
  }
  return warnings;
}
