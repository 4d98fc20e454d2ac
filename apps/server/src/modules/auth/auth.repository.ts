import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { UserTable } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';

export async function insertSession(
  db: Db,
  row: { id: string; user_id: string; token: string; created_at: string; expires_at: string },
): Promise<void> {
  const { token, ...rest } = row;
  await db
    .insertInto('sessions')
    .values({ ...rest, token_hash: sha256(token), revoked_at: null })
    .execute();
}

const sessionExtension = preparedQuery((db, v: { id: string; expiresAt: string }) =>
  db.updateTable('sessions').set({ expires_at: v.expiresAt }).where('id', '=', v.id),
);

export async function extendSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await sessionExtension(db, { id, expiresAt });
}

export async function revokeSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function sessionIsLive(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** Ends every session of the user but `keepId` (after a password change or reset). */
export async function revokeUserSessions(db: Db, userId: string, at: string, keepId?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepId) q = q.where('id', '!=', keepId);
  await q.execute();
}

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

const userById = preparedQuery((db, v: { id: string }) => db.selectFrom('users').selectAll().where('id', '=', v.id));

export async function findUserById(db: Db, id: string) {
  return (await userById(db, { id })).rows[0];
}

const territoriesOfUser = preparedQuery((db, v: { userId: string }) =>
  db
    .selectFrom('user_territories')
    .innerJoin('territories', 'territories.id', 'user_territories.territory_id')
    .select('territories.ident')
    .where('user_territories.user_id', '=', v.userId)
    .orderBy('territories.ident'),
);

export async function userTerritories(db: Db, userId: string): Promise<{ ident: string }[]> {
  return (await territoriesOfUser(db, { userId })).rows;
}

export async function updatePasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

// Administration (admin.service.ts): accounts and territories made outside the app.

export function findUserByIdent(db: Db, ident: string) {
  return db.selectFrom('users').select('id').where('ident', '=', ident).executeTakeFirst();
}

export async function insertUser(db: Db, row: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export { ensureTerritory } from '../../db/territories.ts';

export async function addUserTerritory(db: Db, userId: string, territoryId: string): Promise<void> {
  await db.insertInto('user_territories').values({ user_id: userId, territory_id: territoryId }).execute();
}
