import type { AuditVerb } from '@promotor/contract';
import { permissionReach, isStaffRole, type Permission } from '@promotor/contract/permissions';

// Who may read which audit entries (decision 109): each role the entries its permissions cover. An
// entry is read by a role holding the permission of its verb, of its object's type, and — when the
// actor is a promoter — promoters.read. Every verb and object type written is here (recordAudit takes
// only these), so a new one cannot be written without saying who reads it; an unknown one is read by
// nobody.

const VERBS = {
  // Staff sessions: who manages the staff accounts.
  'auth.login': 'staff.manage',
  'auth.login_failed': 'staff.manage',
  'auth.logout': 'staff.manage',
  // Staff accounts and their passwords (issue 34, decisions 118 and 120): never a password or a link.
  'staff.create': 'staff.manage',
  'staff.update': 'staff.manage',
  'staff.deactivate': 'staff.manage',
  'staff.reactivate': 'staff.manage',
  'staff.password_link': 'staff.manage',
  'staff.password_set': 'staff.manage',
  'staff.reset_code': 'staff.manage',
  'staff.password_reset': 'staff.manage',
  // Refused and not-found tries: the path, the code, the object's type and id — ids, never a person's
  // fields. The object's type narrows it further.
  'access.denied': 'audit.read',
  'access.not_found': 'audit.read',
  // Promoters' accounts: their names, phones, usernames, territories.
  'promoters.create': 'promoters.read',
  'promoters.update': 'promoters.read',
  'promoters.deactivate': 'promoters.read',
  'promoters.reset_password': 'promoters.read',
  'promoters.import': 'promoters.read',
  'actions.create': 'actions.read',
  'actions.update': 'actions.read',
  'actions.cancel': 'actions.read',
  'actions.import': 'actions.read',
  // Who was put on or taken off an action: promoters' ids.
  'actions.assign': 'promoters.read',
  'actions.unassign': 'promoters.read',
  'vouchers.import': 'vouchers.read',
  // The register of points (issue 34): stores' names and addresses, read by who plans.
  'points.create': 'actions.plan',
  'points.update': 'actions.plan',
  'points.archive': 'actions.plan',
  'points.restore': 'actions.plan',
  'points.import': 'actions.plan',
  // Events and territories (issue 34, decision 123): idents and names, no one's data; read by who plans
  // (a territory's entries further by the object type's permission).
  'events.create': 'actions.plan',
  'events.update': 'actions.plan',
  'territories.create': 'actions.plan',
  'territories.update': 'actions.plan',
  'reports.review': 'reports.read',
  // 'Sprawdzone' on a live-day exception (decision 117): the action, her hostess code, the kind.
  'live.exception_check': 'live.read',
  'reports.flag-photo': 'reports.read',
  // A plausibility flag explained (decision 138): its kind, her hostess code, the coordinator's note.
  'reports.explain_flag': 'reports.read',
  // A notification sent again (decision 135): its id, kind, her hostess code, how many devices, the SMS.
  'notifications.resend': 'reports.read',
  'exports.actions': 'exports.read',
  'exports.registrations': 'exports.read',
  'exports.redemptions': 'exports.read',
  // Who worked how long (decision 128): promoters' data.
  'exports.hours': 'promoters.read',
  // The retention job's cutoffs and counts: nobody's data.
  'retention.run': 'audit.read',
  // The privacy officer's look-ups and decisions about consumers (decision 085: hers alone).
  'consumers.find': 'consumers.read',
  'consumers.history': 'consumers.read',
  'consumers.proof': 'consumers.read',
  'consumers.withdraw': 'consumers.read',
  'consumers.request_create': 'consumers.read',
  'consumers.request_extend': 'consumers.read',
  'consumers.request_complete': 'consumers.read',
  'consumers.request_deny': 'consumers.read',
  'consumers.rectify': 'consumers.read',
  'consumers.erase': 'consumers.read',
} as const satisfies Record<AuditVerb, Permission>;

const OBJECT_TYPES = {
  staff_session: 'staff.manage',
  // A staff account a failed login named (decision 107).
  staff: 'staff.manage',
  promoter: 'promoters.read',
  action: 'actions.read',
  action_point: 'actions.read',
  plan_import: 'actions.read',
  point: 'actions.plan',
  point_import: 'actions.plan',
  promoter_import: 'promoters.read',
  event: 'actions.plan',
  // A territory's ident: no one's data.
  territory: 'audit.read',
  voucher_batch: 'vouchers.read',
  report: 'reports.read',
  action_file: 'reports.read',
  receipt: 'reports.read',
  // A plausibility flag explained or tried (decision 138).
  integrity_flag: 'reports.read',
  // A notification's id a resend named and did not find (decision 135).
  notification: 'reports.read',
  consumer: 'consumers.read',
  subject_request: 'consumers.read',
} as const satisfies Record<string, Permission>;

export type { AuditVerb };
export type AuditObjectType = keyof typeof OBJECT_TYPES;

/** What a reader with these roles may read: the verbs, the object types, and whether entries a promoter made. */
export type AuditReach = { verbs: AuditVerb[]; objectTypes: AuditObjectType[]; promoterActors: boolean };

export function auditReach(roles: readonly string[]): AuditReach {
  const staffRoles = roles.filter(isStaffRole);
  const holds = (permission: Permission) => permissionReach(staffRoles, permission) !== null;
  const keys = <K extends string>(table: Record<K, Permission>) => (Object.keys(table) as K[]).filter((k) => holds(table[k]));
  return { verbs: keys(VERBS), objectTypes: keys(OBJECT_TYPES), promoterActors: holds('promoters.read') };
}
