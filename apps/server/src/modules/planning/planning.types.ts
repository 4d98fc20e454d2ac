import type { Db } from '../../db/kysely.ts';
import type { AuditVerb } from '../../lib/audit-readers.ts';
import type { TerritoryScope } from '../../db/territory-scope.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit, type AuditObject } from '../../plugins/audit-trail.ts';
import type { NotificationSettings } from '../notifications/notification-events.service.ts';

// What every planning service takes: its dependencies, and the caller — a staff member with the scope
// of the route's permission (plugins/auth.ts) and the actor the audit log names.

export type PlanningCaller = { scope: TerritoryScope; actor: Actor };

/** `notifications`: what her notifications of a change need (issue 37, decision 135). */
export type PlanningDeps = { db: Db; now: () => Date; timezone: string; notifications: NotificationSettings };

/** One entry of the audit log in the change's transaction (decision 086): no change without it. */
export function auditChange(
  trx: Db,
  deps: PlanningDeps,
  caller: PlanningCaller,
  verb: AuditVerb,
  object: AuditObject,
  details?: Record<string, unknown>,
) {
  return recordAudit(trx, deps.now(), { actor: caller.actor, verb, object, ...(details ? { details } : {}) });
}
