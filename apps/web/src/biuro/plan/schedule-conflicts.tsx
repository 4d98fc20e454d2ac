import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { AssignmentWarning } from '../api/admin-types.ts';
import { dayLabel, dayOf, timeOf } from './plan-period.ts';
import { spanText } from './schedule-timeline.ts';

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
  if (conflict.kind === 'outside_availability') {
    // What a confirmation overrides: the blocks she declared that day (decision 126).
    const declared = conflict.availability?.length
      ? pl.biuroSchedule.schedules.declared(conflict.availability.map(spanText).join(', '))
      : '';
    return pl.biuro.plan.warningAvailability(name) + declared;
  }
  const others = conflict.actions.map((a) => `„${a.name}” (${span(a.since, a.until)})`).join(', ');
  return pl.biuro.plan.conflictOverlap(name, others);
}

type Props<C extends AssignmentWarning> = {
  conflicts: C[];
  nameOf: (uuid: string) => string;
  /** One conflict in words; conflictText unless told (a copy names its day first). */
  textOf?: (conflict: C) => string;
  /** A line after the list (more conflicts than listed). */
  note?: string;
  /** The button that goes on: 'Zapisz mimo to', 'Przypisz mimo to'. */
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The conflicts, and the coordinator's choice: go on all the same, or go back and change the plan. */
export function ScheduleConflicts<C extends AssignmentWarning>({
  conflicts,
  nameOf,
  textOf,
  note,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: Props<C>) {
  // The question takes focus where it appears (an alertdialog), and is scrolled to: the button that
  // asked may sit further down the panel (a schedule's row).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} tabIndex={-1} className="biuro-alert plan-conflicts" role="alertdialog" aria-labelledby="plan-conflicts-title">
      <p id="plan-conflicts-title">
        <strong>{pl.biuro.plan.conflictsTitle}</strong>
      </p>
      <ul>
        {conflicts.map((conflict, i) => (
          <li key={`${conflict.promoter.uuid}-${conflict.kind}-${i}`}>{textOf ? textOf(conflict) : conflictText(conflict, nameOf)}</li>
        ))}
      </ul>
      {note ? <p>{note}</p> : null}
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
