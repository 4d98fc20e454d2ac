import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { focusFirstInvalid } from '../../lib/forms/focus-field.ts';
import { adminCall } from '../api/admin-api.ts';
import type { PointsMap, RegisterPoint } from '../api/admin-types.ts';
import { ConfirmedAction } from '../components/confirmed-action.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import {
  coordinatesOf,
  emptyPointForm,
  pointCodeInput,
  pointFieldsOf,
  pointFormOf,
  validatePointForm,
  type PointFormErrors,
  type PointFormValues,
} from './point-form.ts';
import { PointLocation } from './point-location.tsx';

const t = pl.biuroPoints;

/** null: a new point; otherwise the one being edited. */
export type PointPanelTarget = { point: RegisterPoint | null };

type Props = {
  target: PointPanelTarget | null;
  map: PointsMap | null;
  onClose: () => void;
  onChanged: (message: string) => void;
};

/** The side panel of one point: its data, where it is, and archiving or restoring it. */
export function PointPanel({ target, map, onClose, onChanged }: Props) {
  const point = target?.point ?? null;
  return (
    <SidePanel open={target !== null} title={point ? t.editTitle(point.name) : t.createTitle} onClose={onClose}>
      {target ? <PointPanelBody key={point?.uuid ?? 'new'} point={point} map={map} onClose={onClose} onChanged={onChanged} /> : null}
    </SidePanel>
  );
}

const NO_BODY = {};

/** The server's API names of a point's fields, by the form's. */
const SERVER_FIELDS: Record<string, keyof PointFormValues> = {
  code: 'code',
  name: 'name',
  streetAddress: 'street',
  postalCode: 'postalCode',
  cityName: 'city',
  latitude: 'latitude',
  longitude: 'longitude',
  chain: 'chain',
  notes: 'notes',
};

function PointPanelBody({ point, map, onClose, onChanged }: Omit<Props, 'target'> & { point: RegisterPoint | null }) {
  const territories = useAdminQuery('/admin/territories', NO_BODY);
  const idents = territories.data?.territories.map((territory) => territory.ident) ?? [];
  const [values, setValues] = useState<PointFormValues>(() => (point ? pointFormOf(point) : emptyPointForm([])));
  const [errors, setErrors] = useState<PointFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intent: a second click on 'Zapisz' after a lost answer does not add the point twice.
  const [createKey] = useState(newIdempotencyKey);
  // Her only territory is chosen for her once the list is known.
  const territory = values.territory || (!point && idents.length === 1 ? idents[0]! : '');

  const field = (name: Exclude<keyof PointFormValues, 'territory' | 'notes'>) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    autoComplete: 'off',
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
      const exists =
        error instanceof ApiError && error.code === 'E_POINT_EXISTS' ? (error.details as { code?: unknown } | undefined)?.code : null;
      setFailure(typeof exists === 'string' ? t.existsAs(exists) : errorMessage(error));
      const byServer = fieldErrorsOf(error, 'body.point.');
      setErrors(Object.fromEntries(Object.entries(byServer).map(([name, message]) => [SERVER_FIELDS[name] ?? name, message])));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const current = { ...values, territory };
    const found = validatePointForm(current, point !== null);
    setErrors(found);
    if (focusFirstInvalid(event.currentTarget as HTMLFormElement, found)) return;
    const fields = pointFieldsOf(current);
    await run(
      () =>
        point
          ? adminCall('/admin/points/update', { point: { ...fields, uuid: point.uuid, code: pointCodeInput(current) ?? point.code } })
          : adminCall(
              '/admin/points/create',
              { point: { ...fields, territory: { ident: territory }, code: pointCodeInput(current) } },
              { idempotencyKey: createKey },
            ),
      point ? t.updated : t.created,
    );
  };

  const { latitude, longitude } = coordinatesOf(values);
  const located = typeof latitude === 'number' && typeof longitude === 'number';
  return (
    <>
      {point?.archived ? <p className="biuro-notice">{t.archivedNote}</p> : null}
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={`field${errors.territory ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="point-territory">
            {t.form.territory}
          </label>
          <select
            id="point-territory"
            name="territory"
            className="biuro-select"
            value={territory}
            disabled={point !== null}
            aria-invalid={errors.territory ? true : undefined}
            aria-describedby={
              [point ? 'point-territory-hint' : '', errors.territory ? 'point-territory-error' : ''].join(' ').trim() || undefined
            }
            onChange={(event) => setValues((old) => ({ ...old, territory: event.target.value }))}
          >
            <option value="">—</option>
            {(idents.includes(territory) || !territory ? idents : [territory, ...idents]).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          {point ? (
            <p id="point-territory-hint" className="biuro-muted biuro-hint">
              {t.form.territoryFixed}
            </p>
          ) : null}
          {errors.territory ? (
            <p id="point-territory-error" className="field__error">
              {errors.territory}
            </p>
          ) : null}
        </div>
        <Field {...field('code')} label={t.form.code} aria-describedby="point-code-hint" />
        <p id="point-code-hint" className="biuro-muted biuro-hint">
          {t.form.codeHint}
        </p>
        <Field {...field('name')} label={t.form.name} />
        <Field {...field('street')} label={t.form.street} />
        <div className="plan-row">
          <Field {...field('postalCode')} label={t.form.postalCode} placeholder="00-000" />
          <Field {...field('city')} label={t.form.city} className="plan-row__wide" />
        </div>
        <div className="plan-row">
          <Field {...field('latitude')} label={t.form.latitude} inputMode="decimal" placeholder="52,2301" />
          <Field {...field('longitude')} label={t.form.longitude} inputMode="decimal" placeholder="21,0027" />
        </div>
        <p className="biuro-muted biuro-hint">{t.form.coordinatesHint}</p>
        <Field {...field('chain')} label={t.form.chain} />
        <div className={`field${errors.notes ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="point-notes">
            {t.form.notes}
          </label>
          <textarea
            id="point-notes"
            name="notes"
            className="field__input point-notes"
            rows={3}
            value={values.notes}
            aria-describedby={errors.notes ? 'point-notes-hint point-notes-error' : 'point-notes-hint'}
            aria-invalid={errors.notes ? true : undefined}
            onChange={(event) => setValues((old) => ({ ...old, notes: event.target.value }))}
          />
          <p id="point-notes-hint" className="biuro-muted biuro-hint">
            {t.form.notesHint}
          </p>
          {errors.notes ? (
            <p id="point-notes-error" className="field__error">
              {errors.notes}
            </p>
          ) : null}
        </div>
        <PointLocation
          name={values.name || t.createTitle}
          latitude={located ? latitude : null}
          longitude={located ? longitude : null}
          map={map}
        />
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {pl.biuro.panel.save}
          </Button>
        </div>
      </form>
      {point ? <PointArchive point={point} busy={busy} run={run} /> : null}
    </>
  );
}

type Run = (work: () => Promise<unknown>, message: string) => Promise<void>;

/** Archive (asked first: plans stop offering it) or restore (at once). */
function PointArchive({ point, busy, run }: { point: RegisterPoint; busy: boolean; run: Run }) {
  const archive = (archived: boolean) => () =>
    void run(() => adminCall('/admin/points/archive', { point: { uuid: point.uuid }, archived }), archived ? t.archived : t.restored);
  if (point.archived) {
    return (
      <section className="side-panel__section" aria-labelledby="point-restore">
        <h3 id="point-restore">{t.restore}</h3>
        <Button variant="secondary" busy={busy} onClick={archive(false)}>
          {t.restore}
        </Button>
      </section>
    );
  }
  return (
    <ConfirmedAction
      key={point.uuid}
      id="point-archive"
      label={t.archiveAction}
      question={t.archiveConfirm(point.name)}
      busy={busy}
      onConfirm={archive(true)}
    />
  );
}
