import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { StaffTable } from '../../db/schema.ts';

// The 'Personel' page's staff accounts (issue 34, decision 118): the list, the changes of one account,
// and the count that keeps one active admin. Her login and sessions: staff.repository.ts.

export type StaffRow = Selectable<StaffTable>;
export type StaffFilters = { search?: string | undefined; role?: string | undefined; active?: boolean | undefined };

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function filtered(db: Db, f: StaffFilters) {
  let q = db.selectFrom('staff');
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where(
      sql<boolean>`(lower(staff.firstname || ' ' || staff.lastname) like ${p} escape '\\' or lower(staff.username) like ${p} escape '\\')`,
    );
  }
  if (f.role) q = q.where(sql<boolean>`exists (select 1 from staff_roles fr where fr.staff_id = staff.id and fr.role = ${f.role})`);
  if (f.active === true) q = q.where('staff.deactivated_at', 'is', null);
  if (f.active === false) q = q.where('staff.deactivated_at', 'is not', null);
  return q;
}

export async function listStaff(db: Db, f: StaffFilters, page: { page: number; pageSize: number }) {
  const base = filtered(db, f);
  const [rows, count] = await Promise.all([
    base
      .selectAll('staff')
      .orderBy('staff.lastname')
      .orderBy('staff.firstname')
      .orderBy('staff.username')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Roles and territories (id and ident) of each staff member, and her open link's expiry. */
export async function detailsOf(db: Db, staffIds: readonly string[], nowIso: string) {
  const roles = new Map<string, string[]>();
  const territories = new Map<string, { id: string; ident: string }[]>();
  const links = new Map<string, string>();
  if (staffIds.length === 0) return { roles, territories, links };
  const [roleRows, territoryRows, linkRows] = await Promise.all([
    db.selectFrom('staff_roles').select(['staff_id', 'role']).where('staff_id', 'in', staffIds).orderBy('role').execute(),
    db
      .selectFrom('staff_territories')
      .innerJoin('territories', 'territories.id', 'staff_territories.territory_id')
      .select(['staff_territories.staff_id', 'territories.id', 'territories.ident'])
      .where('staff_territories.staff_id', 'in', staffIds)
      .orderBy('territories.ident')
      .execute(),
    db
      .selectFrom('staff_password_links')
      .select(['staff_id', 'expires_at'])
      .where('staff_id', 'in', staffIds)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .execute(),
  ]);
  for (const r of roleRows) roles.set(r.staff_id, [...(roles.get(r.staff_id) ?? []), r.role]);
  for (const r of territoryRows) territories.set(r.staff_id, [...(territories.get(r.staff_id) ?? []), { id: r.id, ident: r.ident }]);
  for (const r of linkRows) if ((links.get(r.staff_id) ?? '') < r.expires_at) links.set(r.staff_id, r.expires_at);
  return { roles, territories, links };
}

export function findStaff(db: Db, id: string) {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateStaff(
  db: Db,
  id: string,
  set: Partial<Pick<StaffTable, 'firstname' | 'lastname' | 'deactivated_at' | 'password_hash' | 'password_set_at'>>,
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable('staff').set(set).where('id', '=', id).execute();
}

export async function replaceRoles(db: Db, staffId: string, roles: readonly string[]): Promise<void> {
  await db.deleteFrom('staff_roles').where('staff_id', '=', staffId).execute();
  if (roles.length === 0) return;
  await db
    .insertInto('staff_roles')
    .values(roles.map((role) => ({ staff_id: staffId, role })))
    .execute();
}

export async function replaceTerritories(db: Db, staffId: string, territoryIds: readonly string[]): Promise<void> {
  await db.deleteFrom('staff_territories').where('staff_id', '=', staffId).execute();
  if (territoryIds.length === 0) return;
  await db
    .insertInto('staff_territories')
    .values(territoryIds.map((territory_id) => ({ staff_id: staffId, territory_id })))
    .execute();
}

/** Active admins other than `exceptId`: the one an admin's change must leave (decision 118). */
export async function otherActiveAdmins(db: Db, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .innerJoin('staff_roles', 'staff_roles.staff_id', 'staff.id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('staff_roles.role', '=', 'admin')
    .where('staff.deactivated_at', 'is', null)
    .where('staff.id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every session of hers but `keepId` (a deactivation, a new password). */
export async function revokeStaffSessions(db: Db, staffId: string, at: string, keepId?: string): Promise<void> {
  let q = db.updateTable('staff_sessions').set({ revoked_at: at }).where('staff_id', '=', staffId).where('revoked_at', 'is', null);
  if (keepId) q = q.where('id', '!=', keepId);
  await q.execute();
}
