import { normalizeUsername } from '@promotor/contract';
import { isStaffRole, type StaffRole } from '@promotor/contract/permissions';
import type { Db } from '../../db/kysely.ts';
import { ensureTerritory } from '../../db/territories.ts';
import { newId } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/password.ts';
import { findPromoterLogin } from '../../plugins/auth.repository.ts';
import * as repo from './staff.repository.ts';

// Staff accounts made outside the app (`npm run admin -- create-staff`, the demo seed; the 'Personel'
// page makes its own: staff-admin.service.ts), and a staff member's name as the records she makes keep it.

export type NewStaff = {
  username: string;
  /** Or `passwordHash`, when the caller has hashed it already (the demo seed, once for every account). */
  password?: string;
  passwordHash?: string;
  firstname: string;
  lastname: string;
  roles: string[];
  territories: string[];
  createdAt?: Date;
};

/** Creates a staff member; territories are created on first use. Fails with a readable message. */
export async function createStaff(db: Db, s: NewStaff): Promise<string> {
  const passwordHash = s.passwordHash ?? (await hashPassword(s.password ?? ''));
  return db.transaction().execute((trx) => addStaff(trx, { ...s, passwordHash }));
}

/** createStaff inside the caller's transaction (the demo seed's). */
export async function addStaff(trx: Db, s: NewStaff & { passwordHash: string }): Promise<string> {
  const username = normalizeUsername(s.username);
  const unknown = s.roles.filter((role) => !isStaffRole(role));
  if (s.roles.length === 0 || unknown.length > 0) throw new Error(`Nieznana rola: ${unknown.join(', ') || '(brak)'}.`);
  // One username, one kind of account: each login refuses the other kind by name (decision 085).
  if ((await repo.findStaffByUsername(trx, username)) || (await findPromoterLogin(trx, username))) {
    throw new Error(`Konto ${username} już istnieje.`);
  }
  const territoryIds: string[] = [];
  for (const ident of s.territories) territoryIds.push(await ensureTerritory(trx, ident));
  const id = newId();
  const createdAt = (s.createdAt ?? new Date()).toISOString();
  // Her password is given here (the CLI, the demo seed): set from the start (decision 118).
  const row = { id, username, password_hash: s.passwordHash, firstname: s.firstname, lastname: s.lastname, created_at: createdAt };
  await repo.insertStaff(trx, { ...row, password_set_at: createdAt }, s.roles as StaffRole[], territoryIds);
  return id;
}

/** Her name as a review, a withdrawal or a request records it: first and last name, else her username. */
export async function staffName(db: Db, staffId: string): Promise<string> {
  const row = await repo.findStaffById(db, staffId);
  return row ? `${row.firstname} ${row.lastname}`.trim() || row.username : '';
}
