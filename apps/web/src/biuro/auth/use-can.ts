import { permissionReach, type Permission } from '@promotor/contract/permissions';
import { useStaffSession } from './staff-session.ts';

// What the staff member may do, from the contract's role table (zod-free): the same table the
// server's one guard reads, so a page, link or button she may not use is not shown (the server still
// refuses on its own).

export const canWith = (roles: readonly string[] | undefined, permission: Permission): boolean =>
  permissionReach((roles ?? []) as Parameters<typeof permissionReach>[0], permission) !== null;

export function useCan(permission: Permission): boolean {
  const { session } = useStaffSession();
  return canWith(session?.staff.roles, permission);
}

/** The back office's pages, each with what it needs; the first she may open is her start page. */
export const PAGES = [
  { to: '/promotorzy', permission: 'promoters.read' },
  { to: '/plan', permission: 'actions.read' },
  // Issue 34: what is left to staff, the planners' (decision 126).
  { to: '/nieobsadzone', permission: 'actions.plan' },
  // The register of points (issue 34): who plans.
  { to: '/punkty', permission: 'actions.plan' },
  // Events and territories (issue 34, decision 123): who plans reads them; only the admin changes them.
  { to: '/wydarzenia', permission: 'actions.plan' },
  { to: '/terytoria', permission: 'actions.plan' },
  { to: '/vouchery', permission: 'vouchers.read' },
  { to: '/raporty', permission: 'reports.read' },
  // The photo library (issue 38, decision 138): who reads reports, the brand's client too.
  { to: '/zdjecia', permission: 'reports.read' },
  { to: '/eksporty', permission: 'exports.read' },
  // The privacy officer's (issue 26): her start page, before the audit log.
  { to: '/konsumenci', permission: 'consumers.read' },
  { to: '/wnioski', permission: 'consumers.read' },
  { to: '/dziennik', permission: 'audit.read' },
  { to: '/na-zywo', permission: 'live.read' },
  { to: '/pulpit', permission: 'dashboard.read' },
  // Staff accounts, the admin's (issue 34).
  { to: '/personel', permission: 'staff.manage' },
] as const satisfies readonly { to: string; permission: Permission }[];

export const startPageOf = (roles: readonly string[] | undefined): string =>
  PAGES.find((page) => canWith(roles, page.permission))?.to ?? '/logowanie';

/**
 * Where to go after login: back to the page she was sent away from (a link, an expired session) when
 * her roles may open it, else her start page.
 */
export function pageAfterLogin(roles: readonly string[] | undefined, from: string | undefined): string {
  const page = from ? PAGES.find((candidate) => from === candidate.to || from.startsWith(`${candidate.to}?`)) : undefined;
  return page && from && canWith(roles, page.permission) ? from : startPageOf(roles);
}
