import { useState, type FormEvent } from 'react';
import { permissionReach, type StaffRole } from '@promotor/contract/permissions';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { focusFirstInvalid } from '../../lib/forms/focus-field.ts';
import { adminCall } from '../api/admin-api.ts';
import type { Promoter } from '../api/admin-types.ts';
import { useStaffSession } from '../auth/staff-session.ts';
import { ConfirmedAction } from '../components/confirmed-action.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { TerritoryChoice } from '../components/territory-choice.tsx';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import {
  emptyPromoterForm,
  promoterFormOf,
  promoterInputOf,
  validatePromoterForm,
  type PromoterFormErrors,
  type PromoterFormValues,
} from './promoter-form.ts';

/** null: a new promoter; otherwise the one being edited. */
export type PanelTarget = { promoter: Promoter | null };

type Props = { target: PanelTarget | null; territories: string[]; onClose: () => void; onChanged: (message: string) => void };

/** The side panel of one promoter: her data, and for an existing one deactivation and a new password. */
export function PromoterPanel({ target, territories, onClose, onChanged }: Props) {
  const promoter = target?.promoter ?? null;
  const title = promoter ? pl.biuro.promoters.editTitle(`${promoter.firstname} ${promoter.lastname}`) : pl.biuro.promoters.createTitle;
  return (
    <SidePanel open={target !== null} title={title} onClose={onClose}>
      {target ? (
        <PromoterPanelBody
          key={promoter?.uuid ?? 'new'}
          promoter={promoter}
          territories={territories}
          onClose={onClose}
          onChanged={onChanged}
        />
      ) : null}
    </SidePanel>
  );
}

function PromoterPanelBody({ promoter, territories, onClose, onChanged }: Omit<Props, 'target'> & { promoter: Promoter | null }) {
  const [values, setValues] = useState<PromoterFormValues>(() => (promoter ? promoterFormOf(promoter) : emptyPromoterForm(territories)));
  const [errors, setErrors] = useState<PromoterFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intent: a second click on 'Zapisz' after a lost answer does not create her twice.
  const [createKey] = useState(newIdempotencyKey);

  const set = <K extends keyof PromoterFormValues>(name: K, value: PromoterFormValues[K]) =>
    setValues((old) => ({ ...old, [name]: value }));
  const text = (name: 'firstname' | 'lastname' | 'username' | 'mobilePhone' | 'password') => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onChanged(message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setErrors(fieldErrorsOf(error, 'body.promoter.'));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePromoterForm(values, !promoter);
    setErrors(found);
    if (focusFirstInvalid(event.currentTarget as HTMLFormElement, found)) return;
    const input = promoterInputOf(values);
    await run(
      () =>
        promoter
          ? adminCall('/admin/promoters/update', { promoter: { ...input, uuid: promoter.uuid } })
          : adminCall('/admin/promoters/create', { promoter: { ...input, password: values.password } }, { idempotencyKey: createKey }),
      promoter ? pl.biuro.promoters.updated : pl.biuro.promoters.created,
    );
  };

  return (
    <>
      {failure ? <PanelAlert text={failure} /> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field {...text('firstname')} label={pl.biuro.promoters.firstName} autoComplete="off" />
        <Field {...text('lastname')} label={pl.biuro.promoters.lastName} autoComplete="off" />
        <Field {...text('username')} label={pl.biuro.promoters.username} type="email" autoComplete="off" />
        <Field {...text('mobilePhone')} label={pl.biuro.promoters.phone} type="tel" autoComplete="off" />
        <p className="biuro-muted biuro-hint">{pl.biuro.promoters.phoneHint}</p>
        <TerritoryChoice
          label={pl.biuro.promoters.territories}
          options={territories}
          value={values.territories}
          onChange={(value) => set('territories', value)}
          error={errors.territories}
        />
        {promoter ? null : (
          <>
            <Field {...text('password')} label={pl.biuro.promoters.initialPassword} type="text" autoComplete="new-password" />
            <p className="biuro-muted biuro-hint">{pl.biuro.promoters.initialPasswordHint}</p>
          </>
        )}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {pl.biuro.panel.save}
          </Button>
        </div>
      </form>
      {promoter ? <PromoterAccount promoter={promoter} territories={territories} busy={busy} run={run} /> : null}
    </>
  );
}

function PanelAlert({ text }: { text: string }) {
  return (
    <p className="biuro-alert" role="alert">
      {text}
    </p>
  );
}

type Run = (work: () => Promise<unknown>, message: string) => Promise<void>;

/** A new password for her, and deactivation (her sessions end at once; her history stays). */
function PromoterAccount({ promoter, territories, busy, run }: { promoter: Promoter; territories: string[]; busy: boolean; run: Run }) {
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const resetPassword = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePromoterForm({ ...promoterFormOf(promoter), password }, true).password ?? null;
    setPasswordError(found);
    if (found) return;
    await run(
      () => adminCall('/admin/promoters/reset-password', { promoter: { uuid: promoter.uuid }, password }),
      pl.biuro.promoters.passwordReset,
    );
  };

  return (
    <>
      <section className="side-panel__section" aria-labelledby="promoter-password">
        <h3 id="promoter-password">{pl.biuro.promoters.resetPassword}</h3>
        <form noValidate onSubmit={(event) => void resetPassword(event)}>
          <Field
            name="newPassword"
            label={pl.biuro.promoters.newPassword}
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="new-password"
          />
          <Button type="submit" variant="secondary" busy={busy}>
            {pl.biuro.promoters.resetPassword}
          </Button>
        </form>
      </section>
      {promoter.active ? <PromoterDeactivation promoter={promoter} territories={territories} busy={busy} run={run} /> : null}
    </>
  );
}

/**
 * Deactivation (decision 121): the admin's ends her account for everyone; a coordinator's takes her off
 * the coordinator's territories only, and ends her account only when she has no other territory left.
 */
function PromoterDeactivation({
  promoter,
  territories,
  busy,
  run,
}: {
  promoter: Promoter;
  territories: string[];
  busy: boolean;
  run: Run;
}) {
  const { session } = useStaffSession();
  const reach = permissionReach((session?.staff.roles ?? []) as StaffRole[], 'promoters.manage');
  const name = `${promoter.firstname} ${promoter.lastname}`;
  const mine = promoter.territories.filter((t) => territories.includes(t));
  const others = promoter.territories.filter((t) => !territories.includes(t));
  const removing = reach === 'own-territories' && others.length > 0;
  const deactivate = () => adminCall('/admin/promoters/deactivate', { promoter: { uuid: promoter.uuid } });
  if (removing) {
    return (
      <ConfirmedAction
        key={promoter.uuid}
        id="promoter-deactivate"
        label={pl.biuroPromoters.removeFromMine}
        question={pl.biuroPromoters.removeFromMineConfirm(name, mine.join(', '), others.join(', '))}
        busy={busy}
        onConfirm={() => void run(deactivate, pl.biuroPromoters.removedFromMine)}
      />
    );
  }
  return (
    <ConfirmedAction
      key={promoter.uuid}
      id="promoter-deactivate"
      label={pl.biuro.promoters.deactivate}
      question={reach === 'own-territories' ? pl.biuroPromoters.deactivateLastConfirm(name) : pl.biuro.promoters.deactivateConfirm(name)}
      busy={busy}
      onConfirm={() => void run(deactivate, pl.biuro.promoters.deactivated)}
    />
  );
}
