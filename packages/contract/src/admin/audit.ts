import { z } from 'zod';
import { PageBody, PageInfo } from './common.ts';

// /api/admin/audit/list: the append-only audit log (decision 086).

const IsoInstant = z.iso.datetime({ offset: true });

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
  object: z.object({ type: z.string(), uuid: z.string().nullable() }).nullable(),
  address: z.string().nullable(),
  /** JSON text as recorded (what changed, the refused path and code); closed answers cannot carry an open object. */
  details: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListResponse = PageInfo.extend({ entries: z.array(AuditEntry) });
export type AuditListResponse = z.infer<typeof AuditListResponse>;
