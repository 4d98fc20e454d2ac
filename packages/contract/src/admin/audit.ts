import { z } from 'zod';
import { PageBody, PageInfo } from './common.ts';

// /api/admin/audit/list: the append-only audit log (decision 086).

const IsoInstant = z.iso.datetime({ offset: true });

/**
 * Every verb the audit log is written with (the server's readers' table names each, decision 109; the
 * back office a Polish label for each, issue 33).
 */
export const AUDIT_VERBS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'access.denied',
  'access.not_found',
  // staff accounts (issue 34, decisions 118 and 120)
  'staff.create',
  'staff.update',
  'staff.deactivate',
  'staff.reactivate',
  'staff.password_link',
  'staff.password_set',
  'staff.reset_code',
  'staff.password_reset',
  'promoters.create',
  'promoters.update',
  'promoters.deactivate',
  'promoters.reset_password',
  'promoters.import',
  'actions.create',
  'actions.update',
  'actions.cancel',
  'actions.import',
  'actions.assign',
  'actions.unassign',
  'vouchers.import',
  'points.create',
  'points.update',
  'points.archive',
  'points.restore',
  'points.import',
  'events.create',
  'events.update',
  'territories.create',
  'territories.update',
  'reports.review',
  'reports.flag-photo',
  // a plausibility flag marked 'Wyjaśnione' with a note (issue 38, decision 138)
  'reports.explain_flag',
  // a notification pushed (and its SMS sent) again by staff (issue 37, decision 135)
  'notifications.resend',
  'live.exception_check',
  'exports.actions',
  'exports.registrations',
  'exports.redemptions',
  'exports.hours',
  'retention.run',
  'consumers.find',
  'consumers.history',
  'consumers.proof',
  'consumers.withdraw',
  'consumers.request_create',
  'consumers.request_extend',
  'consumers.request_complete',
  'consumers.request_deny',
  'consumers.rectify',
  'consumers.erase',
] as const;
export type AuditVerb = (typeof AUDIT_VERBS)[number];

export const AuditListBody = PageBody.extend({
  /** The actor's username (a failed login naming no account has none: its details hold a keyed digest of the name typed, decision 107). */
  actor: z.string().trim().max(254).optional(),
  /** e.g. 'promoters.create', 'auth.login', 'access.denied'. */
  verb: z.string().trim().max(64).optional(),
  objectType: z.string().trim().max(64).optional(),
  objectId: z.string().trim().max(64).optional(),
  /** ISO instants: entries at or after `from`, before `to`. */
  from: IsoInstant.optional(),
  to: IsoInstant.optional(),
});
export type AuditListBody = z.input<typeof AuditListBody>;

export const AuditEntry = z.object({
  uuid: z.string(),
  /** ISO UTC. */
  at: z.string(),
  actor: z.object({
    /** 'system': a scheduled job of the server (retention, decision 099). */
    type: z.enum(['staff', 'promoter', 'anonymous', 'system']),
    uuid: z.string().nullable(),
    name: z.string().nullable(),
    roles: z.array(z.string()),
  }),
  verb: z.string(),
  /** `name`: what a person calls it (an action's name, a promoter's or staff member's name, a territory's); null when it has none to show or is gone. */
  object: z
    .object({
      type: z.string(),
      uuid: z.string().nullable(),
      name: z.string().nullable(),
      /** An action's planned day (YYYY-MM-DD, APP_TIMEZONE): where the plan shows it. */
      day: z.string().nullable(),
    })
    .nullable(),
  address: z.string().nullable(),
  /** JSON text as recorded (what changed, the refused path and code); closed answers cannot carry an open object. */
  details: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListResponse = PageInfo.extend({ entries: z.array(AuditEntry) });
export type AuditListResponse = z.infer<typeof AuditListResponse>;
