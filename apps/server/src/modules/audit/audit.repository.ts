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

/**
 * What a person calls each object of a page of entries (issue 33: names, not ids): an action's or a
 * point's name, a promoter's or staff member's name, a territory's, a batch's ident — by type, one query
 * each. A consumer has none here (her card is reached by its link), nor a gone object.
 */
export async function objectNames(
  db: Db,
  objects: readonly { type: string; id: string }[],
): Promise<{ names: Map<string, string>; days: Map<string, string> }> {
  const ids = (type: string) => [...new Set(objects.filter((o) => o.type === type).map((o) => o.id))];
  const names = new Map<string, string>();
  const keep = (type: string, rows: { id: string; name: string }[]) => {
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  };
  const person = (r: { firstname: string; lastname: string }) => `${r.firstname} ${r.lastname}`.trim();
  const [actions, points, promoters, staff, territories, batches] = [
    'action',
    'action_point',
    'promoter',
    'staff',
    'territory',
    'voucher_batch',
  ].map(ids) as [string[], string[], string[], string[], string[], string[]];
  const days = new Map<string, string>();
  if (actions.length) {
    const rows = await db.selectFrom('actions').select(['id', 'name', 'since']).where('id', 'in', actions).execute();
    keep('action', rows);
    for (const r of rows) days.set(r.id, r.since.slice(0, 10));
  }
  if (points.length) keep('action_point', await db.selectFrom('action_points').select(['id', 'name']).where('id', 'in', points).execute());
  if (promoters.length) {
    const rows = await db.selectFrom('users').select(['id', 'firstname', 'lastname']).where('id', 'in', promoters).execute();
    keep(
      'promoter',
      rows.map((r) => ({ id: r.id, name: person(r) })),
    );
  }
  if (staff.length) {
    const rows = await db.selectFrom('staff').select(['id', 'firstname', 'lastname', 'username']).where('id', 'in', staff).execute();
    keep(
      'staff',
      rows.map((r) => ({ id: r.id, name: person(r) || r.username })),
    );
  }
  if (territories.length) {
    // Refused tries name a territory by its ident; changes by its id.
    const rows = await db
      .selectFrom('territories')
      .select(['id', 'ident', 'name'])
      .where((eb) => eb.or([eb('id', 'in', territories), eb('ident', 'in', territories)]))
      .execute();
    for (const r of rows) {
      names.set(`territory:${r.id}`, r.name);
      names.set(`territory:${r.ident}`, r.name);
    }
  }
  if (batches.length)
    keep('voucher_batch', await db.selectFrom('voucher_batches').select(['id', 'ident as name']).where('id', 'in', batches).execute());
  return { names, days };
}
