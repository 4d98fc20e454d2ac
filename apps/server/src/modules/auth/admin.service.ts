import type { Db } from '../../db/kysely.ts';
import { newId } from '../../lib/crypto.ts';
import * as repo from './auth.repository.ts';
import { hashPassword } from './password.ts';

export type NewPromoter = {
  username: string;
  password: string;
  ident: string;
  firstname: string;
  lastname: string;
  mobilePhone: string | null;
  territories: string[];
};

/** Creates a promoter; territories are created on first use. Fails with a readable message on duplicates. */
export async function createPromoter(db: Db, p: NewPromoter): Promise<string> {
  if (await repo.findUserByUsername(db, p.username)) throw new Error(`Konto ${p.username} już istnieje.`);
  if (await repo.findUserByIdent(db, p.ident)) throw new Error(`Kod hostessy ${p.ident} jest już zajęty.`);
  const id = newId();
  const passwordHash = await hashPassword(p.password);
  await db.transaction().execute(async (trx) => {
    await repo.insertUser(trx, {
      id,
      ident: p.ident,
      username: p.username,
      password_hash: passwordHash,
      firstname: p.firstname,
      lastname: p.lastname,
      email_address: p.username,
      mobile_phone: p.mobilePhone,
      created_at: new Date().toISOString(),
    });
    for (const ident of p.territories) {
      await repo.addUserTerritory(trx, id, await repo.ensureTerritory(trx, ident));
    }
  });
  return id;
}

/** The id of the promoter with this username; fails with a readable message when there is none. */
export async function findPromoterId(db: Db, username: string): Promise<string> {
  const user = await repo.findUserByUsername(db, username);
  if (!user) throw new Error(`Nie ma konta ${username}.`);
  return user.id;
}

export async function resetPromoterPassword(db: Db, username: string, password: string): Promise<void> {
  const userId = await findPromoterId(db, username);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, userId, passwordHash);
    await repo.revokeUserSessions(trx, userId, new Date().toISOString());
  });
}

/** Ends every session of the promoter at once (the back office's deactivation and password reset). */
export async function endPromoterSessions(trx: Db, userId: string, at: Date): Promise<void> {
  await repo.revokeUserSessions(trx, userId, at.toISOString());
}

/** Sets her password hash; her sessions end (she logs in again with the new one). */
export async function setPromoterPasswordHash(trx: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await repo.updatePasswordHash(trx, userId, passwordHash);
  await repo.revokeUserSessions(trx, userId, at.toISOString());
}
