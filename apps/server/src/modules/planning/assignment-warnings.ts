import type { AssignmentWarning } from '@promotor/contract';

// Issue 24: an assignment that overlaps another of her actions, or falls outside the hours she said she
// is available, is made all the same — the coordinator may know better — and answered with a warning.

type Span = { since: string; until: string };

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

/** The warnings for each promoter, in the order given: an overlap first, then her availability. */
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
    if (
      !covers(
        availability.filter((a) => a.user_id === id),
        action,
      )
    )
      warnings.push({ promoter: { uuid: id }, kind: 'outside_availability', actions: [] });
  }
  return warnings;
}
