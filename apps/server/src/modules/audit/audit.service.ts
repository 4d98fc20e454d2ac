import type { AuditEntry, AuditListBody, AuditListResponse } from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { auditReach } from '../../lib/audit-readers.ts';
import type { StaffCall } from '../../plugins/audit-trail.ts';
import * as repo from './audit.repository.ts';

// /api/admin/audit/list (decision 086): who did what, when, to which object, from which address — of
// the entries the reader's roles cover (decision 109: the privacy officer does not read promoters'
// accounts through it, nor the admin the officer's look-ups of consumers).

export type AuditDeps = { db: Db };

/** ISO instants of any offset, compared as the stored UTC text. */
const utc = (instant: string | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());

export async function list(deps: AuditDeps, call: StaffCall, body: z.output<typeof AuditListBody>): Promise<AuditListResponse> {
  const reach = auditReach(call.staff.roles);
  const { rows, total } = await repo.listAuditEntries(deps.db, reach, { ...body, from: utc(body.from), to: utc(body.to) }, body);
  const named = rows.flatMap((r) => (r.object_type && r.object_id ? [{ type: r.object_type, id: r.object_id }] : []));
  const { names, days } = await repo.objectNames(deps.db, named);
  const entries: AuditEntry[] = rows.map((r) => ({
    uuid: r.id,
    at: r.at,
    actor: { type: r.actor_type, uuid: r.actor_id, name: r.actor_name, roles: r.actor_roles ? r.actor_roles.split(',') : [] },
    verb: r.verb,
    object: r.object_type
      ? {
          type: r.object_type,
          uuid: r.object_id,
          name: r.object_id ? (names.get(`${r.object_type}:${r.object_id}`) ?? null) : null,
          day: r.object_type === 'action' && r.object_id ? (days.get(r.object_id) ?? null) : null,
        }
      : null,
    address: r.address,
    details: r.details,
  }));
  return { page: body.page, pageSize: body.pageSize, total, entries };
}
