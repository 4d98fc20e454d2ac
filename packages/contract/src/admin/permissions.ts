// The back office's roles as sets of permission verbs (issue 24, decision 085). zod-free: the server's
// one guard, the OpenAPI document's x-roles and the back office's menus all read this table.

export const STAFF_ROLES = ['admin', 'coordinator', 'client', 'privacy'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** Her own session: every staff member. */
  'session.own',
  'staff.manage',
  'promoters.read',
  'promoters.manage',
  'actions.read',
  'actions.plan',
  /** Events and territories made and renamed (issue 34, decision 123); the planners read them. */
  'events.manage',
  'territories.manage',
  'vouchers.read',
  'vouchers.manage',
  'reports.read',
  'reports.review',
  /** Today's map: promoters' positions and what waits on their phones (issue 25). */
  'live.read',
  /** CSV exports and the dashboard: never a consumer's personal data (issue 25). */
  'exports.read',
  'dashboard.read',
  'audit.read',
  /** Consumers' personal data and consents: the data-protection officer's alone (separation of duties). */
  'consumers.read',
  'consumers.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What only `privacy` may do: not even `admin` holds these. */
export const PERSONAL_DATA_PERMISSIONS = ['consumers.read', 'consumers.manage'] as const satisfies readonly Permission[];

type RoleDefinition = {
  readonly permissions: readonly Permission[];
  /** True: what the role grants holds only in the staff member's own territories. */
  readonly territorial: boolean;
};

const personal = new Set<Permission>(PERSONAL_DATA_PERMISSIONS);

export const ROLE_DEFINITIONS: Readonly<Record<StaffRole, RoleDefinition>> = {
  admin: { territorial: false, permissions: PERMISSIONS.filter((p) => !personal.has(p)) },
  coordinator: {
    territorial: true,
    permissions: [
      'session.own',
      'promoters.read',
      'promoters.manage',
      'actions.read',
      'actions.plan',
      'vouchers.read',
      'reports.read',
      'reports.review',
      'live.read',
      'exports.read',
      'dashboard.read',
    ],
  },
  // The brand's viewer: read-only, aggregates and approved reports, never a consumer's personal data.
  client: {
    territorial: false,
    permissions: ['session.own', 'actions.read', 'vouchers.read', 'reports.read', 'exports.read', 'dashboard.read'],
  },
  privacy: { territorial: false, permissions: ['session.own', 'audit.read', 'consumers.read', 'consumers.manage'] },
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** The roles that grant `permission` (the x-roles of an operation). */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => ROLE_DEFINITIONS[role].permissions.includes(permission));
}

/**
 * Whether someone with `roles` may do `permission`, and where: 'everywhere', 'own-territories' (only
 * territorial roles grant it), or null (refused).
 */
export function permissionReach(roles: readonly StaffRole[], permission: Permission): 'everywhere' | 'own-territories' | null {
  const granting = roles.filter((role) => ROLE_DEFINITIONS[role]?.permissions.includes(permission));
  if (granting.length === 0) return null;
  return granting.some((role) => !ROLE_DEFINITIONS[role].territorial) ? 'everywhere' : 'own-territories';
}
