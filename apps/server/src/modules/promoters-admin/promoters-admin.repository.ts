import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { UserTable } from '../../db/schema.ts';
import { promoterInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The back office's view of promoters (users). Every query takes the caller's territory scope: a
// coordinator's query cannot return a promoter of no territory of hers (decision 085).

export type PromoterFilters = { search?: string | undefined; territory?: string | undefined; active?: boolean | undefined };

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function filtered(db: Db, scope: TerritoryScope, f: PromoterFilters) {
  let q = db.selectFrom('users').where(promoterInScope('users.id', scope));
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where(
      sql<boolean>`(lower(users.firstname || ' ' || users.lastname) like ${p} escape '\\'
        or lower(users.username) like ${p} escape '\\' or lower(users.ident) like ${p} escape '\\')`,
    );
  }
  if (f.territory) {
    q = q.where(sql<boolean>`exists (select 1 from user_territories ft join territories t on t.id = ft.territory_id
      where ft.user_id = users.id and t.ident = ${f.territory})`);
  }
  if (f.active === true) q = q.where('users.deactivated_at', 'is', null);
  if (f.active === false) q = q.where('users.deactivated_at', 'is not', null);
  return q;
}

export async function listPromoters(db: Db, scope: TerritoryScope, f: PromoterFilters, page: { page: number; pageSize: number }) {
  const base = filtered(db, scope, f);
  const [rows, count] = await Promise.all([
    base
      .selectAll('users')
      .orderBy('users.lastname')
      .orderBy('users.firstname')
      .orderBy('users.id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The promoter with this id when she is in the scope; undefined otherwise (as if she did not exist). */
export function findPromoterInScope(db: Db, scope: TerritoryScope, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where(promoterInScope('users.id', scope)).executeTakeFirst();
}

/** Her territories (id and ident), by promoter. */
export async function territoriesOf(db: Db, userIds: readonly string[]): Promise<Map<string, { id: string; ident: string }[]>> {
  const byUser = new Map<string, { id: string; ident: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_territories')
    .innerJoin('territories', 'territories.id', 'user_territories.territory_id')
    .select(['user_territories.user_id', 'territories.id', 'territories.ident'])
    .where('user_territories.user_id', 'in', userIds)
    .orderBy('territories.ident')
    .execute();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), { id: r.id, ident: r.ident }]);
  return byUser;
}

/** Who holds a username or a hostess code. */
export type Holder = { kind: 'promoter' | 'staff'; id: string };

/** The promoter or staff member who already has this username (one username, one account). */
export async function usernameHolder(db: Db, username: string, exceptUserId?: string): Promise<Holder | undefined> {
  let users = db.selectFrom('users').select('id').where('username', '=', username);
  if (exceptUserId) users = users.where('id', '!=', exceptUserId);
  const [user, staff] = await Promise.all([
    users.executeTakeFirst(),
    db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirst(),
  ]);
  if (user) return { kind: 'promoter', id: user.id };
  return staff ? { kind: 'staff', id: staff.id } : undefined;
}

export async function identHolder(db: Db, ident: string): Promise<Holder | undefined> {
  const user = await db.selectFrom('users').select('id').where('ident', '=', ident).executeTakeFirst();
  return user ? { kind: 'promoter', id: user.id } : undefined;
}

export async function identTaken(db: Db, ident: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('ident', '=', ident).executeTakeFirst());
}

export async function insertPromoter(db: Db, row: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updatePromoter(
  db: Db,
  id: string,
  set: Partial<Pick<UserTable, 'firstname' | 'lastname' | 'username' | 'email_address' | 'mobile_phone' | 'deactivated_at'>>,
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

export async function replaceTerritories(db: Db, userId: string, territoryIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user_territories').where('user_id', '=', userId).execute();
  if (territoryIds.length === 0) return;
  await db
    .insertInto('user_territories')
    .values(territoryIds.map((territory_id) => ({ user_id: userId, territory_id })))
    .execute();
}

/** The promoters holding these usernames, each with whether the caller sees her (a promoter of her territories). */
export async function promotersByUsername(db: Db, scope: TerritoryScope, usernames: readonly string[]) {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .select(sql<number>`case when ${promoterInScope('users.id', scope)} then 1 else 0 end`.as('seen'))
    .where('username', 'in', usernames)
    .execute();
}

/** Which of these usernames a staff account holds. */
export async function staffUsernames(db: Db, usernames: readonly string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db.selectFrom('staff').select('username').where('username', 'in', usernames).execute();
  return new Set(rows.map((r) => r.username));
}

/** The promoters holding these hostess codes, each with whether the caller sees her. */
export async function promotersByIdent(db: Db, scope: TerritoryScope, idents: readonly string[]) {
  if (idents.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'ident'])
    .select(sql<number>`case when ${promoterInScope('users.id', scope)} then 1 else 0 end`.as('seen'))
    .where('ident', 'in', idents)
    .execute();
}
