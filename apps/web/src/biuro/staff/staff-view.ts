import { ROLE_DEFINITIONS, isStaffRole } from '@promotor/contract/permissions';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, StaffMember } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';

type StaffFilter = 'szukaj' | 'rola' | 'status';

export const STAFF_VIEW: TableViewSpec<StaffFilter> = {
  filters: ['szukaj', 'rola', 'status'],
  defaultSort: [{ id: 'nazwisko', desc: false }],
  sortable: ['nazwisko', 'login', 'role', 'status'],
};

/** The server's largest page: an agency's staff fit in one; the table sorts and pages them. */
export const STAFF_FETCHED = 200;

export const STAFF_ROLE_OPTIONS = ['admin', 'coordinator', 'client', 'privacy'] as const;

/** The list call for the filters of the address. */
export function staffListBody(filters: Record<StaffFilter, string>): AdminBody<'/admin/staff/list'> {
  const body: AdminBody<'/admin/staff/list'> = { page: 1, pageSize: STAFF_FETCHED };
  if (filters.szukaj.trim()) body.search = filters.szukaj.trim();
  const role = STAFF_ROLE_OPTIONS.find((one) => one === filters.rola);
  if (role) body.role = role;
  if (filters.status === 'aktywne') body.active = true;
  if (filters.status === 'nieaktywne') body.active = false;
  return body;
}

/** Her name as the page shows it: first and last name, else her login (an account from the CLI may have none). */
export const staffName = (member: Pick<StaffMember, 'firstname' | 'lastname' | 'username'>): string =>
  `${member.firstname} ${member.lastname}`.trim() || member.username;

export type StaffStatus = keyof typeof pl.biuroStaff.statuses;

/** Active, waiting for her password (a link open), her link expired unused, or deactivated. */
export function staffStatus(member: StaffMember): StaffStatus {
  if (!member.active) return 'inactive';
  if (member.passwordSet) return 'active';
  return member.linkExpiresAt ? 'waiting' : 'linkExpired';
}

export const rolesText = (roles: readonly string[]): string => roles.map((role) => pl.biuroStaff.roleNames[role] ?? role).join(', ');

/** Whether one of her roles reaches every territory (decision 085): then her list of territories limits nothing. */
export const reachesEverywhere = (roles: readonly string[]): boolean =>
  roles.some((role) => isStaffRole(role) && !ROLE_DEFINITIONS[role].territorial);

/** Her territories as the table sorts and reads them: 'wszystkie' for a role of them all. */
export const territoriesText = (member: Pick<StaffMember, 'roles' | 'territories'>): string =>
  reachesEverywhere(member.roles) ? pl.biuroStaff.allTerritories : member.territories.join(', ');
