import type { Db } from '../../db/kysely.ts';
import type { AuditReach } from '../../lib/audit-readers.ts';

// Reading the audit log (decision 086); entries are written by plugins/audit-trail.ts only.

export type AuditFilters = {
  actor?: string | undefined;
  verb?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The entries the reader's reach covers (decision 109), filtered; a verb or type out of reach finds nothing. */
export async function listAuditEntries(db: Db, reach: AuditReach, f: AuditFilters, page: { page: number; pageSize: number }) {
  if (reach.verbs.length === 0) return { rows: [], total: 0 };
  let q = db.selectFrom('audit_log').where('verb', 'in', reach.verbs);
  const types = reach.objectTypes;
  q = q.where((eb) => eb.or([eb('object_type', 'is', null), ...(types.length > 0 ? [eb('object_type', 'in', types)] : [])]));
  if (!reach.promoterActors) q = q.where('actor_type', '!=', 'promoter');
  if (f.actor) q = q.where('actor_name', '=', f.actor.toLowerCase());
  if (f.verb) q = q.where('verb', '=', f.verb);
  if (f.objectType) q = q.where('object_type', '=', f.objectType);
  if (f.objectId) q = q.where('object_id', '=', f.objectId);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      // Newest first in the order written (issue 40): entries of one clock tick keep their order.
      .orderBy('seq', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
