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
  const taken = await db.selectFrom('users').select('id').where('ident', '=', p.ident).executeTakeFirst();
  if (taken) throw new Error(`Kod hostessy ${p.ident} jest już zajęty.`);
  const id = newId();
  const passwordHash = await hashPassword(p.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        ident: p.ident,
        username: p.username,
        password_hash: passwordHash,
        firstname: p.firstname,
        lastname: p.lastname,
        email_address: p.username,
        mobile_phone: p.mobilePhone,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const ident of p.territories) {
      let territory = await trx.selectFrom('territories').select('id').where('ident', '=', ident).executeTakeFirst();
      if (!territory) {
        territory = { id: newId() };
        await trx.insertInto('territories').values({ id: territory.id, ident, name: ident }).execute();
      }
      await trx.insertInto('user_territories').values({ user_id: id, territory_id: territory.id }).execute();
    }
  });
  return id;
}

export async function resetPromoterPassword(db: Db, username: string, password: string): Promise<void> {
  const user = await repo.findUserByUsername(db, username);
  if (!user) throw new Error(`Nie ma konta ${username}.`);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, user.id, passwordHash);
    await repo.revokeUserSessions(trx, user.id, new Date().toISOString());
  });
}
