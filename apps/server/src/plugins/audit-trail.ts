import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_PATH_PREFIX, API_BASE } from '@promotor/contract/route-paths';
import type { Db } from '../db/kysely.ts';
import { AppError } from '../lib/app-error.ts';
import type { AuditObjectType, AuditVerb } from '../lib/audit-readers.ts';
import { newId, sha256 } from '../lib/crypto.ts';
import { staffOf, type Actor, type StaffCaller } from './auth.ts';
import { insertAuditEntry } from './audit-trail.repository.ts';

// The audit log (decision 086): append-only, one row per change the back office makes, per staff
// login (success and failure), per 403 under /api/admin and per try on an object not found (decision
// 109: another territory's answers as a missing one, and both are recorded). A change records itself in
// its own transaction (`recordAudit(trx, …)`, one line in the service), so a change without its entry
// cannot be committed; the refusals are recorded here, in one hook, whoever refused them.

export type AuditObject = { type: AuditObjectType; id: string | null };

export type AuditRecord = {
  actor: Actor;
  /** What was done: 'promoters.create', 'auth.login', 'access.denied', … (who reads it: lib/audit-readers.ts) */
  verb: AuditVerb;
  object?: AuditObject;
  /** What changed, what was refused; never a password. */
  details?: Record<string, unknown>;
};

/** A back-office call as a service takes it: who (with her scope) and the actor its changes record. */
export type StaffCall = { staff: StaffCaller; actor: Actor };

/** The staff call of a back-office route (the auth hook let it through). */
export function staffCallOf(request: FastifyRequest): StaffCall {
  const staff = staffOf(request);
  return { staff, actor: staffActor(staff, request) };
}

/** The actor of a staff member's call, from the address it came from. */
export function staffActor(staff: StaffCaller, request: Pick<FastifyRequest, 'ip'>): Actor {
  return { type: 'staff', id: staff.staffId, name: staff.username, roles: staff.roles, address: request.ip };
}

/** Adds one entry; `at` is the app's clock. Inside the change's transaction when there is one. */
/** An import's audit details: its file's digest, its rows and what it did, then what else that import records. */
export const importDetails = (
  file: Buffer,
  rows: number,
  done: { created: number; updated: number; unchanged: number },
  more: Record<string, unknown> = {},
) => ({ sha256: sha256(file), rows, created: done.created, updated: done.updated, unchanged: done.unchanged, ...more });

export async function recordAudit(db: Db, at: Date, record: AuditRecord): Promise<void> {
  await insertAuditEntry(db, {
    id: newId(),
    at: at.toISOString(),
    actor_type: record.actor.type,
    actor_id: record.actor.id,
    actor_name: record.actor.name,
    actor_roles: record.actor.roles.join(','),
    verb: record.verb,
    object_type: record.object?.type ?? null,
    object_id: record.object?.id ?? null,
    address: record.actor.address,
    details: record.details ? JSON.stringify(record.details) : null,
  });
}

const ADMIN_ROUTES = `${API_BASE}${ADMIN_PATH_PREFIX}`;

/** A file may name tens of thousands of unknown codes, of any length: the first hundred, cut, and how many. */
const TRIED_IDS_MAX = 100;
const clip = (id: string) => id.slice(0, 64);
const triedIds = (ids: readonly string[]) =>
  ids.length > TRIED_IDS_MAX ? { ids: ids.slice(0, TRIED_IDS_MAX).map(clip), count: ids.length } : { ids: ids.map(clip) };

export const auditTrailPlugin = fp(async (app: FastifyInstance, opts: { db: Db; now: () => Date }) => {
  // onError runs before the answer is sent, for a refusal from the auth hook as from a service: the
  // entry is there when the caller reads the answer.
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || (error.statusCode !== 403 && error.tried.length === 0)) return;
    const path = request.routeOptions.url ?? '';
    if (!path.startsWith(ADMIN_ROUTES)) return;
    const actor = request.actor ?? { type: 'anonymous', id: null, name: null, roles: [], address: request.ip };
    const verb = error.statusCode === 403 ? 'access.denied' : 'access.not_found';
    // The guard refuses before the body is read: what was tried is the route, needing its permission.
    const details = { path, code: error.code, permission: request.routeOptions.config.permission ?? null };
    // One entry per kind of object tried: its id when one, else the ids in the details.
    const records: AuditRecord[] =
      error.tried.length === 0
        ? [{ actor, verb, details }]
        : error.tried.map((t) => ({
            actor,
            verb,
            object: { type: t.type, id: t.ids.length === 1 ? clip(t.ids[0]!) : null },
            details: { ...details, ...(t.ids.length > 1 ? triedIds(t.ids) : {}) },
          }));
    for (const record of records) {
      await recordAudit(opts.db, opts.now(), record).catch((err: unknown) => request.log.error({ err }, 'audit entry not written'));
    }
  });
});
