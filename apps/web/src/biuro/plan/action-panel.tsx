import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { focusFirstInvalid } from '../../lib/forms/focus-field.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AssignmentWarning, PlannedAction } from '../api/admin-types.ts';
import { useCan } from '../auth/use-can.ts';
import { ConfirmedAction } from '../components/confirmed-action.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { NotificationDeliveries } from '../notifications/notification-deliveries.tsx';
import {
  actionFormOf,
  actionInputOf,
  emptyActionForm,
  validateActionForm,
  type ActionFormErrors,
  type ActionFormValues,
} from './action-form.ts';
import { ActionAssignments } from './action-assignments.tsx';
import { ActionPoints } from './action-points.tsx';
import { ActionCopy } from './action-copy.tsx';
import { ActionPromoterChoice, spanOfForm } from './action-promoter-choice.tsx';
import { conflictsOf, ScheduleConflicts } from './schedule-conflicts.tsx';

type Props = {
  open: boolean;
  /** null: a new action. */
  action: PlannedAction | null;
  territories: string[];
  onClose: () => void;
  onChanged: (message: string) => void;
  /** Saved (created or changed): the plan shows it, and the panel stays open on it (issue 33). */
  onSaved: (action: PlannedAction, message: string) => void;
};

/** The side panel of one action of the plan: its data, its points, its promoters, and cancelling it. */
export function ActionPanel({ open, action, territories, onClose, onChanged, onSaved }: Props) {
  return (
    <SidePanel open={open} title={action ? pl.biuro.plan.editTitle(action.name) : pl.biuro.plan.createTitle} onClose={onClose}>
      {open ? (
        <ActionPanelBody
          key={action?.uuid ?? 'new'}
          action={action}
          territories={territories}
          onClose={onClose}
          onChanged={onChanged}
          onSaved={onSaved}
        />
      ) : null}
    </SidePanel>
  );
}

const EVENTS_OFFERED = { page: 1, pageSize: 200 } as const;

function ActionPanelBody({ action, territories, onClose, onChanged, onSaved }: Omit<Props, 'open'>) {
  const [values, setValues] = useState<ActionFormValues>(() =>
    action ? actionFormOf(action) : emptyActionForm(territories, appDay(new Date())),
  );
  const [errors, setErrors] = useState<ActionFormErrors>({});
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const [conflicts, setConflicts] = useState<AssignmentWarning[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Who is on it now (an assignment in the panel): what a copy with its promoters names.
  const [current, setCurrent] = useState(action);
  // One key per intent: a repeated click creates once; going on past conflicts is another intent.
  const [createKeys] = useState(() => ({ plain: newIdempotencyKey(), confirmed: newIdempotencyKey() }));
  const canReadDeliveries = useCan('reports.read');
  const cancelled = action?.status === 'cancelled';
  const territory = values.territory.trim();
  // The events there are (decision 123: an action names one of them), offered as the ident is typed.
  const events = useAdminQuery('/admin/events/list', EVENTS_OFFERED);
  const candidates = useAdminQuery('/admin/promoters/list', { page: 1, pageSize: 200, active: true, territory: territory || undefined });
  const offered = !action && territory && candidates.status === 'loaded' ? candidates.data.promoters : null;
  const nameOf = (uuid: string) => {
    const promoter = [...(candidates.data?.promoters ?? []), ...(action?.promoters ?? [])].find((p) => p.uuid === uuid);
    return promoter ? `${promoter.firstname} ${promoter.lastname}` : uuid;
  };

  const field = (name: Exclude<keyof ActionFormValues, 'points'>) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => {
      setValues((old) => ({ ...old, [name]: event.target.value }));
      setConflicts(null);
    },
  });

  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onChanged(message);
      onClose();
    } catch (error) {
      setFailure({ message: errorMessage(error), details: issuesOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const save = async (confirm: boolean) => {
    const input = actionInputOf(values);
    setBusy(true);
    setFailure(null);
    setConflicts(null);
    try {
      const answer = action
        ? await adminCall('/admin/actions/update', { action: { ...input, uuid: action.uuid }, confirm })
        : await adminCall(
            '/admin/actions/create',
            { action: input, promoters: chosen.map((uuid) => ({ uuid })), confirm },
            { idempotencyKey: confirm ? createKeys.confirmed : createKeys.plain },
          );
      onSaved(answer.action, pl.biuro.plan.saved);
    } catch (error) {
      const found = conflictsOf(error);
      // Decision 123: an action names an event that exists; the field says so, where she typed it.
      if (error instanceof ApiError && error.code === 'E_EVENT_NOT_FOUND')
        setErrors((old) => ({ ...old, event: pl.biuro.plan.eventNotFound }));
      if (found) setConflicts(found);
      else setFailure({ message: errorMessage(error), details: issuesOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateActionForm(values);
    setErrors(found);
    if (focusFirstInvalid(event.currentTarget as HTMLFormElement, found)) return;
    await save(false);
  };

  return (
    <>
      {cancelled ? <p className="biuro-notice">{pl.biuro.plan.cancelled_}</p> : null}
      {failure ? (
        <div className="biuro-alert" role="alert">
          <p>{failure.message}</p>
          {failure.details.length ? (
            <ul>
              {failure.details.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field {...field('event')} label={pl.biuro.plan.event} autoComplete="off" list="action-events" />
        <datalist id="action-events">
          {(events.data?.events ?? []).map((e) => (
            <option key={e.uuid} value={e.ident} label={e.name} />
          ))}
        </datalist>
        <Field {...field('name')} label={pl.biuro.plan.name} autoComplete="off" />
        {territories.length ? (
          <div className="field">
            <label className="field__label" htmlFor="action-territory">
              {pl.biuro.plan.territory}
            </label>
            <select
              id="action-territory"
              name="territory"
              className="biuro-select"
              value={values.territory}
              aria-invalid={errors.territory ? true : undefined}
              aria-describedby={errors.territory ? 'action-territory-error' : undefined}
              onChange={(event) => {
                field('territory').onChange(event);
                setChosen([]);
                // A point of one territory's register is no point of another's: its fields stay, typed.
                setValues((old) => ({ ...old, points: old.points.map(({ code: _, ...point }) => point) }));
              }}
            >
              <option value="">—</option>
              {territories.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {errors.territory ? (
              <p id="action-territory-error" className="field__error">
                {errors.territory}
              </p>
            ) : null}
          </div>
        ) : (
          <Field {...field('territory')} label={pl.biuro.plan.territory} autoComplete="off" />
        )}
        <div className="plan-row">
          <Field {...field('date')} label={pl.biuro.plan.date} type="date" />
          <Field {...field('since')} label={pl.biuro.plan.since} type="time" />
          <Field {...field('until')} label={pl.biuro.plan.until} type="time" />
        </div>
        <ActionPoints
          territory={values.territory.trim()}
          points={values.points}
          errors={errors}
          onChange={(points) => setValues((old) => ({ ...old, points }))}
        />
        {action ? null : (
          <ActionPromoterChoice
            promoters={offered}
            span={spanOfForm(values)}
            chosen={chosen}
            onChange={(next) => {
              setChosen(next);
              setConflicts(null);
            }}
          />
        )}
        {conflicts ? (
          <ScheduleConflicts
            conflicts={conflicts}
            nameOf={nameOf}
            confirmLabel={pl.biuro.plan.saveAnyway}
            busy={busy}
            onConfirm={() => void save(true)}
            onCancel={() => setConflicts(null)}
          />
        ) : null}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.close}
          </Button>
          <Button type="submit" busy={busy} disabled={cancelled || conflicts !== null}>
            {pl.biuro.panel.save}
          </Button>
        </div>
      </form>
      {action ? <ActionAssignments action={action} onChanged={onChanged} onAction={setCurrent} /> : null}
      {current && !cancelled ? <ActionCopy action={current} onChanged={onChanged} /> : null}
      {/* What reached its promoters (issue 37); a move or an assignment made here tells her: read anew. */}
      {action && canReadDeliveries ? (
        <NotificationDeliveries key={deliveriesVersion(action, current)} of={{ action: { uuid: action.uuid } }} whose={action.name} />
      ) : null}
      {action && !cancelled ? (
        <ConfirmedAction
          key={action.uuid}
          id="action-cancel"
          label={pl.biuro.plan.cancelAction}
          question={pl.biuro.plan.cancelConfirm(action.name)}
          busy={busy}
          onConfirm={() => void run(() => adminCall('/admin/actions/cancel', { action: { uuid: action.uuid } }), pl.biuro.plan.cancelled)}
        />
      ) : null}
    </>
  );
}

/** What, changed in the panel, makes a notification (issue 37): its time, its points, who is on it. */
function deliveriesVersion(action: PlannedAction, current: PlannedAction | null): string {
  const points = action.points.map((point) => point.uuid).join();
  const promoters = (current ?? action).promoters.map((promoter) => promoter.uuid).join();
  return `${action.since}|${action.until}|${points}|${promoters}`;
}

/** The server's messages of a refused action (E_VALIDATION), in the contract's Polish. */
function issuesOf(error: unknown): string[] {
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return [
    ...new Set(details.map((issue: { message?: unknown }) => (typeof issue.message === 'string' ? issue.message : '')).filter(Boolean)),
  ];
}
