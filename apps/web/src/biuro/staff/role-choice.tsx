import { useId } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { StaffRole } from '../api/admin-types.ts';
import { STAFF_ROLE_OPTIONS } from './staff-view.ts';

type Props = {
  value: StaffRole[];
  onChange: (value: StaffRole[]) => void;
  error?: string | undefined;
  /** Her own account: she cannot take away her admin role (the server refuses it too, E_OWN_ACCOUNT). */
  lockedAdmin: boolean;
};

/** The roles of a staff account, each with what it lets her do (decision 085's table in words). */
export function RoleChoice({ value, onChange, error, lockedAdmin }: Props) {
  const id = useId();
  return (
    <fieldset className="biuro-checks staff-roles" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{pl.biuroStaff.roles}</legend>
      {STAFF_ROLE_OPTIONS.map((role) => (
        <label key={role} className="staff-role">
          <input
            type="checkbox"
            name="roles"
            checked={value.includes(role)}
            disabled={lockedAdmin && role === 'admin'}
            aria-describedby={`${id}-${role}`}
            onChange={(event) => onChange(event.target.checked ? [...value, role] : value.filter((other) => other !== role))}
          />
          <span>
            <span className="staff-role__name">{pl.biuroStaff.roleNames[role]}</span>
            <span id={`${id}-${role}`} className="biuro-muted staff-role__hint">
              {pl.biuroStaff.roleHints[role]}
            </span>
          </span>
        </label>
      ))}
      {lockedAdmin ? <p className="biuro-muted staff-role__hint">{pl.biuroStaff.ownAccount}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
