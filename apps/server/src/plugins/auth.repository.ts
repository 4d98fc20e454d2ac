import type { Db } from '../db/kysely.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { sha256 } from '../lib/crypto.ts';

// Who is calling: the two kinds of account (promoters in users, staff in staff, decision 085) are told
// apart here, once — by the auth hook for a bearer token, and by each login for the other door's accounts.

// Every authenticated call looks its session up, and the app resumes it on each start: prepared.
// With her deactivation: a login racing it may write a session after it ended hers (decision 085).
const sessionByTokenHash = preparedQuery((db, v: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select('users.deactivated_at')
    .where('sessions.token_hash', '=', v.tokenHash),
);

export async function findSessionByToken(db: Db, token: string) {
  return (await sessionByTokenHash(db, { tokenHash: sha256(token) })).rows[0];
}

const staffSessionByTokenHash = preparedQuery((db, v: { tokenHash: string }) =>
  db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id',
      'staff_sessions.staff_id',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
      'staff.username',
      'staff.deactivated_at',
    ])
    .where('staff_sessions.token_hash', '=', v.tokenHash),
);

const staffRoles = preparedQuery((db, v: { staffId: string }) =>
  db.selectFrom('staff_roles').select('role').where('staff_id', '=', v.staffId).orderBy('role'),
);

const staffTerritoryIds = preparedQuery((db, v: { staffId: string }) =>
  db.selectFrom('staff_territories').select('territory_id').where('staff_id', '=', v.staffId),
);

/** A staff member's session with her roles and territories' ids, or undefined. */
export async function findStaffSessionByToken(db: Db, token: string) {
  const session = (await staffSessionByTokenHash(db, { tokenHash: sha256(token) })).rows[0];
  if (!session) return undefined;
  const [roles, territories] = await Promise.all([
    staffRoles(db, { staffId: session.staff_id }),
    staffTerritoryIds(db, { staffId: session.staff_id }),
  ]);
  return { ...session, roles: roles.rows.map((r) => r.role), territoryIds: territories.rows.map((r) => r.territory_id) };
}

/** A promoter's login data by (normalized) username: for the back office to refuse her by name. */
export function findPromoterLogin(db: Db, username: string) {
  return db.selectFrom('users').select(['id', 'username', 'password_hash']).where('username', '=', username).executeTakeFirst();
}

/** A staff member's login data by (normalized) username: for the promoter app to refuse her by name. */
export function findStaffLogin(db: Db, username: string) {
  return db.selectFrom('staff').select(['id', 'password_hash']).where('username', '=', username).executeTakeFirst();
}
