import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { AssignmentWarning } from '../api/admin-types.ts';
import { dayLabel, dayOf, timeOf } from './plan-period.ts';

// Decision 113: a promoter's schedule conflict (another of her actions then, a time outside the
// availability she declared that day) stops 'Przypisz' and the action's form until the coordinator
// confirms it. The server answers 409 E_SCHEDULE_CONFLICT with data.conflicts.

/** The conflicts a refused call lists, or null when it was refused for another reason. */
export function conflictsOf(error: unknown): AssignmentWarning[] | null {
  if (!(error instanceof ApiError) || error.code !== 'E_SCHEDULE_CONFLICT') return null;
  const conflicts = (error.details as { conflicts?: unknown } | undefined)?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as AssignmentWarning[]) : [];
}

const span = (since: string, until: string) => `${dayLabel(dayOf(since))} ${timeOf(since)}–${timeOf(until)}`;

/** One line per conflict, naming her and, for an overlap, her other actions then. */
export function conflictText(conflict: AssignmentWarning, nameOf: (uuid: string) => string): string {
  const name = nameOf(conflict.promoter.uuid);
  if (conflict.kind === 'outside_availability') return pl.biuro.plan.warningAvailability(name);
  const others = conflict.actions.map((a) => `„${a.name}” (${span(a.since, a.until)})`).join(', ');
  return pl.biuro.plan.conflictOverlap(name, others);
}

type Props = {
  conflicts: AssignmentWarning[];
  nameOf: (uuid: string) => string;
  /** The button that goes on: 'Zapisz mimo to', 'Przypisz mimo to'. */
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The conflicts, and the coordinator's choice: go on all the same, or go back and change the plan. */
export function ScheduleConflicts({ conflicts, nameOf, confirmLabel, busy, onConfirm, onCancel }: Props) {
  return (
    <div className="biuro-alert plan-conflicts" role="alertdialog" aria-labelledby="plan-conflicts-title">
      <p id="plan-conflicts-title">
        <strong>{pl.biuro.plan.conflictsTitle}</strong>
      </p>
      <ul>
        {conflicts.map((conflict, i) => (
          <li key={`${conflict.promoter.uuid}-${conflict.kind}-${i}`}>{conflictText(conflict, nameOf)}</li>
        ))}
      </ul>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onCancel}>
          {pl.biuro.plan.conflictsBack}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
