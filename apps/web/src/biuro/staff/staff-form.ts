import { firstError, staffRolesProblem, usernameRules } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, StaffMember, StaffRole } from '../api/admin-types.ts';

/** What the staff panel's form holds: text as typed, roles and territories as ticked. */
export type StaffFormValues = { firstname: string; lastname: string; username: string; roles: StaffRole[]; territories: string[] };
export type StaffFormErrors = Partial<Record<keyof StaffFormValues, string>>;
/** Runs one of the panel's calls: on success its message is shown and the panel closes. */
export type Run = (work: () => Promise<unknown>, message: string) => Promise<void>;

export const emptyStaffForm = (): StaffFormValues => ({ firstname: '', lastname: '', username: '', roles: [], territories: [] });

export const staffFormOf = (member: StaffMember): StaffFormValues => ({
  firstname: member.firstname,
  lastname: member.lastname,
  username: member.username,
  roles: [...member.roles],
  territories: [...member.territories],
});

const required = (value: string) => (value.trim() ? null : pl.biuroStaff.required);

/** The Polish message under each field that is wrong (the contract's rule for roles and territories). */
export function validateStaffForm(values: StaffFormValues, isNew: boolean): StaffFormErrors {
  const errors: StaffFormErrors = {};
  const put = (name: keyof StaffFormValues, message: string | null) => {
    if (message) errors[name] = message;
  };
  put('firstname', required(values.firstname));
  put('lastname', required(values.lastname));
  if (isNew) put('username', firstError(usernameRules, values.username));
  const problem = staffRolesProblem(values.roles, values.territories);
  put(values.roles.length ? 'territories' : 'roles', problem);
  return errors;
}

/** The create call's account: trimmed; roles and territories as ticked. */
export const staffInputOf = (values: StaffFormValues): AdminBody<'/admin/staff/create'>['staff'] => ({
  firstname: values.firstname.trim(),
  lastname: values.lastname.trim(),
  username: values.username.trim(),
  roles: values.roles,
  territories: values.territories,
});
