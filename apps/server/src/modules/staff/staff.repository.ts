import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { StaffTable } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';

// Staff accounts and their sessions (decision 085). The session lookup of every call is the auth
// plugin's own (plugins/auth.repository.ts).

export function findStaffByUsername(db: Db, username: string) {
  return db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findStaffById(db: Db, id: string) {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rolesOf(db: Db, staffId: string): Promise<string[]> {
  const rows = await db.selectFrom('staff_roles').select('role').where('staff_id', '=', staffId).orderBy('role').execute();
  return rows.map((r) => r.role);
}

export async function territoryIdentsOf(db: Db, staffId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_territories')
    .innerJoin('territories', 'territories.id', 'staff_territories.territory_id')
    .select('territories.ident')
    .where('staff_territories.staff_id', '=', staffId)
    .orderBy('territories.ident')
    .execute();
  return rows.map((r) => r.ident);
}

export async function insertStaff(db: Db, row: Insertable<StaffTable>, roles: readonly string[], territoryIds: readonly string[]) {
  await db.insertInto('staff').values(row).execute();
  if (roles.length > 0)
    await db
      .insertInto('staff_roles')
      .values(roles.map((role) => ({ staff_id: row.id, role })))
      .execute();
  if (territoryIds.length > 0) {
    await db
      .insertInto('staff_territories')
      .values(territoryIds.map((territory_id) => ({ staff_id: row.id, territory_id })))
      .execute();
  }
}

export async function insertStaffSession(
  db: Db,
  row: { id: string; staff_id: string; token: string; created_at: string; expires_at: string },
): Promise<void> {
  const { token, ...rest } = row;
  await db
    .insertInto('staff_sessions')
    .values({ ...rest, token_hash: sha256(token), revoked_at: null })
    .execute();
}

export async function extendStaffSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Whether this call ended the session (false: it had ended already). */
export async function revokeStaffSession(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
