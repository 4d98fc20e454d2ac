import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { focusField } from '../../lib/forms/focus-field.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { adminCall } from '../api/admin-api.ts';
import type { PlannedAction } from '../api/admin-types.ts';
import { ConfirmedAction } from '../components/confirmed-action.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage } from '../lib/error-message.ts';
import {
  actionFormOf,
  actionInputOf,
  emptyActionForm,
  validateActionForm,
  type ActionFormErrors,
  type ActionFormValues,
} from './action-form.ts';
import { ActionAssignments } from './action-assignments.tsx';

type Props = {
  open: boolean;
  /** null: a new action. */
  action: PlannedAction | null;
  territories: string[];
  onClose: () => void;
  onChanged: (message: string) => void;
};

/** The side panel of one action of the plan: its data, its promoters, and cancelling it. */
export function ActionPanel({ open, action, territories, onClose, onChanged }: Props) {
  return (
    <SidePanel open={open} title={action ? pl.biuro.plan.editTitle(action.name) : pl.biuro.plan.createTitle} onClose={onClose}>
      {open ? (
        <ActionPanelBody key={action?.uuid ?? 'new'} action={action} territories={territories} onClose={onClose} onChanged={onChanged} />
      ) : null}
    </SidePanel>
  );
}

function ActionPanelBody({ action, territories, onClose, onChanged }: Omit<Props, 'open'>) {
  const [values, setValues] = useState<ActionFormValues>(() =>
    action ? actionFormOf(action) : emptyActionForm(territories, appDay(new Date())),
  );
  const [errors, setErrors] = useState<ActionFormErrors>({});
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [createKey] = useState(newIdempotencyKey);
  const cancelled = action?.status === 'cancelled';

  const field = (name: keyof ActionFormValues) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateActionForm(values);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      focusField(event.currentTarget as HTMLFormElement, firstInvalid);
      return;
    }
    const input = actionInputOf(values, action);
    await run(
      () =>
        action
          ? adminCall('/admin/actions/update', { action: { ...input, uuid: action.uuid } })
          : adminCall('/admin/actions/create', { action: input }, { idempotencyKey: createKey }),
      pl.biuro.plan.saved,
    );
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
        <Field {...field('event')} label={pl.biuro.plan.event} autoComplete="off" />
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
              onChange={field('territory').onChange}
            >
              <option value="">—</option>
              {territories.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {errors.territory ? <p className="field__error">{errors.territory}</p> : null}
          </div>
        ) : (
          <Field {...field('territory')} label={pl.biuro.plan.territory} autoComplete="off" />
        )}
        <div className="plan-row">
          <Field {...field('date')} label={pl.biuro.plan.date} type="date" />
          <Field {...field('since')} label={pl.biuro.plan.since} type="time" />
          <Field {...field('until')} label={pl.biuro.plan.until} type="time" />
        </div>
        <Field {...field('pointName')} label={pl.biuro.plan.pointName} autoComplete="off" />
        <Field {...field('street')} label={pl.biuro.plan.street} autoComplete="off" />
        <div className="plan-row">
          <Field {...field('postalCode')} label={pl.biuro.plan.postalCode} autoComplete="off" />
          <Field {...field('city')} label={pl.biuro.plan.city} autoComplete="off" className="plan-row__wide" />
        </div>
        {action && action.points.length > 1 ? (
          <p className="biuro-muted biuro-hint">{pl.biuro.plan.otherPoints(action.points.length - 1)}</p>
        ) : null}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button type="submit" busy={busy} disabled={cancelled}>
            {pl.biuro.panel.save}
          </Button>
        </div>
      </form>
      {action ? (
        <ActionAssignments action={action} onChanged={onChanged} />
      ) : (
        <p className="biuro-muted side-panel__section">{pl.biuro.plan.assignOnlySaved}</p>
      )}
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

/** The server's messages of a refused action (E_VALIDATION), in the contract's Polish. */
function issuesOf(error: unknown): string[] {
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return [
    ...new Set(details.map((issue: { message?: unknown }) => (typeof issue.message === 'string' ? issue.message : '')).filter(Boolean)),
  ];
}
