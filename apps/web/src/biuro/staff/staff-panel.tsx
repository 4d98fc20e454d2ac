import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { focusFirstInvalid } from '../../lib/forms/focus-field.ts';
import { adminCall } from '../api/admin-api.ts';
import type { StaffMember } from '../api/admin-types.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { TerritoryChoice } from '../components/territory-choice.tsx';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { RoleChoice } from './role-choice.tsx';
import { StaffAccount } from './staff-account.tsx';
import {
  emptyStaffForm,
  staffFormOf,
  staffInputOf,
  validateStaffForm,
  type Run,
  type StaffFormErrors,
  type StaffFormValues,
} from './staff-form.ts';
import { staffName } from './staff-view.ts';

/** null: a new account; otherwise the one being edited. */
export type StaffPanelTarget = { member: StaffMember | null };

type Props = {
  target: StaffPanelTarget | null;
  /** Every territory's ident (the admin's scope). */
  territories: string[];
  /** The admin looking at the page: her own account cannot be deactivated nor lose its admin role. */
  selfId: string | undefined;
  onClose: () => void;
  onChanged: (message: string) => void;
};

/** The side panel of one staff account: names, roles, territories; for an existing one her password link and status. */
export function StaffPanel({ target, ...rest }: Props) {
  const member = target?.member ?? null;
  const title = member ? pl.biuroStaff.editTitle(staffName(member)) : pl.biuroStaff.createTitle;
  return (
    <SidePanel open={target !== null} title={title} onClose={rest.onClose}>
      {target ? <StaffPanelBody key={member?.uuid ?? 'new'} member={member} {...rest} /> : null}
    </SidePanel>
  );
}

function StaffPanelBody({ member, territories, selfId, onClose, onChanged }: Omit<Props, 'target'> & { member: StaffMember | null }) {
  const [values, setValues] = useState<StaffFormValues>(() => (member ? staffFormOf(member) : emptyStaffForm()));
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intent: a second 'Zapisz' after a lost answer neither adds her twice nor sends two links.
  const [createKey] = useState(newIdempotencyKey);
  const self = member !== null && member.uuid === selfId;

  // A field changed is no longer what its message was about: the message goes until the next 'Zapisz'.
  const set = <K extends keyof StaffFormValues>(name: K, value: StaffFormValues[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: undefined, ...(name === 'roles' ? { territories: undefined } : {}) }));
  };
  const text = (name: 'firstname' | 'lastname' | 'username') => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const run: Run = async (work, message) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onChanged(message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setErrors(fieldErrorsOf(error, 'body.staff.'));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateStaffForm(values, !member);
    setErrors(found);
    if (focusFirstInvalid(event.currentTarget as HTMLFormElement, found)) return;
    const input = staffInputOf(values);
    await run(
      () =>
        member
          ? adminCall('/admin/staff/update', {
              staff: {
                uuid: member.uuid,
                firstname: input.firstname,
                lastname: input.lastname,
                roles: input.roles,
                territories: input.territories,
              },
            })
          : adminCall('/admin/staff/create', { staff: input }, { idempotencyKey: createKey }),
      member ? pl.biuroStaff.updated : pl.biuroStaff.created(input.username),
    );
  };

  return (
    <>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field {...text('firstname')} label={pl.biuroStaff.firstName} autoComplete="off" />
        <Field {...text('lastname')} label={pl.biuroStaff.lastName} autoComplete="off" />
        {member ? (
          <p className="biuro-muted">{pl.biuroStaff.usernameFixed(member.username)}</p>
        ) : (
          <>
            <Field {...text('username')} label={pl.biuroStaff.username} type="email" autoComplete="off" autoCapitalize="none" />
            <p className="biuro-muted biuro-hint">{pl.biuroStaff.usernameHint}</p>
          </>
        )}
        <RoleChoice value={values.roles} onChange={(roles) => set('roles', roles)} error={errors.roles} lockedAdmin={self} />
        <TerritoryChoice
          label={pl.biuroStaff.territories}
          options={territories}
          value={values.territories}
          onChange={(value) => set('territories', value)}
          error={errors.territories}
        />
        <p className="biuro-muted biuro-hint">{pl.biuroStaff.territoriesHint}</p>
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {pl.biuro.panel.save}
          </Button>
        </div>
      </form>
      {member ? <StaffAccount member={member} self={self} busy={busy} run={run} /> : null}
    </>
  );
}
