import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AssignmentWarning, PlannedAction } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { PromoterSchedules } from './promoter-schedules.tsx';
import { conflictsOf, conflictText, ScheduleConflicts } from './schedule-conflicts.tsx';

/**
 * Who works at the action, and adding or removing her: only promoters of its territory are offered
 * (the server refuses others); an overlap or a time outside her availability is shown and must be
 * confirmed before she is assigned (decision 113).
 */
export function ActionAssignments({
  action: initial,
  onChanged,
  onAction,
}: {
  action: PlannedAction;
  onChanged: (message: string) => void;
  /** The action as the last change answered it (who is on it now). */
  onAction?: (action: PlannedAction) => void;
}) {
  const [action, setAction] = useState(initial);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [conflicts, setConflicts] = useState<AssignmentWarning[] | null>(null);
  const territory = action.territory?.ident;
  const candidates = useAdminQuery('/admin/promoters/list', { page: 1, pageSize: 200, active: true, ...(territory ? { territory } : {}) });
  const assignedIds = new Set(action.promoters.map((promoter) => promoter.uuid));
  const offered = (candidates.data?.promoters ?? []).filter((promoter) => !assignedIds.has(promoter.uuid));
  const cancelled = action.status === 'cancelled';
  const nameOf = (uuid: string) => {
    const promoter = [...(candidates.data?.promoters ?? []), ...action.promoters].find((p) => p.uuid === uuid);
    return promoter ? `${promoter.firstname} ${promoter.lastname}` : uuid;
  };

  const change = async (work: () => Promise<{ action: PlannedAction; warnings?: AssignmentWarning[] }>, message: string) => {
    setBusy(true);
    setFailure(null);
    setConflicts(null);
    try {
      const answer = await work();
      setAction(answer.action);
      onAction?.(answer.action);
      setWarnings((answer.warnings ?? []).map((warning) => conflictText(warning, nameOf)));
      setChosen('');
      onChanged(message);
    } catch (error) {
      const found = conflictsOf(error);
      if (found) setConflicts(found);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const assign = (confirm: boolean, who = chosen) =>
    change(
      () => adminCall('/admin/actions/assign', { action: { uuid: action.uuid }, promoters: [{ uuid: who }], confirm }),
      pl.biuro.plan.assigned_,
    );

  return (
    <section className="side-panel__section" aria-labelledby="action-promoters">
      <h3 id="action-promoters">{pl.biuro.plan.assigned}</h3>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      {warnings.length ? (
        <div className="biuro-notice" role="status">
          <strong>{pl.biuro.plan.warnings}:</strong>
          <ul>
            {warnings.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {action.promoters.length === 0 ? <p className="biuro-muted">{pl.biuro.plan.noOneAssigned}</p> : null}
      <ul className="plan-assigned">
        {action.promoters.map((promoter) => (
          <li key={promoter.uuid}>
            <span>
              {promoter.firstname} {promoter.lastname} <span className="biuro-muted">({promoter.ident})</span>
            </span>
            {cancelled ? null : (
              <Button
                variant="text"
                busy={busy}
                aria-label={`${pl.biuro.plan.unassign}: ${promoter.firstname} ${promoter.lastname}`}
                onClick={() =>
                  void change(
                    () => adminCall('/admin/actions/unassign', { action: { uuid: action.uuid }, promoters: [{ uuid: promoter.uuid }] }),
                    pl.biuro.plan.unassigned,
                  )
                }
              >
                {pl.biuro.plan.unassign}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {cancelled ? null : (
        <div className="plan-assign">
          <label className="field__label" htmlFor="assign-promoter">
            {pl.biuro.plan.assignWho}
          </label>
          <div className="plan-assign__row">
            <select
              id="assign-promoter"
              className="biuro-select"
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                setConflicts(null);
              }}
            >
              <option value="">{pl.biuro.plan.choosePromoter}</option>
              {offered.map((promoter) => (
                <option key={promoter.uuid} value={promoter.uuid}>
                  {promoter.firstname} {promoter.lastname} ({promoter.ident})
                </option>
              ))}
            </select>
            <Button variant="secondary" busy={busy} disabled={!chosen || conflicts !== null} onClick={() => void assign(false)}>
              {pl.biuro.plan.assign}
            </Button>
          </div>
          {conflicts ? (
            <ScheduleConflicts
              conflicts={conflicts}
              nameOf={nameOf}
              confirmLabel={pl.biuro.plan.assignAnyway}
              busy={busy}
              onConfirm={() => void assign(true)}
              onCancel={() => setConflicts(null)}
            />
          ) : null}
        </div>
      )}
      {/* Her calendar and her other actions that day, and assigning her from there (decision 126). */}
      <PromoterSchedules
        action={action}
        busy={busy}
        onAssign={(uuid) => {
          setChosen(uuid);
          void assign(false, uuid);
        }}
      />
    </section>
  );
}
