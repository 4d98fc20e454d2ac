import { normalizeUsername, type ErrorCode, type LoginBody, type Staff, type StaffSessionResponse } from '@promotor/contract';
import { isStaffRole } from '@promotor/contract/permissions';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { verifyPassword } from '../../lib/password.ts';
import { recordAudit } from '../../plugins/audit-trail.ts';
import type { Actor, StaffCaller } from '../../plugins/auth.ts';
import { findPromoterLogin } from '../../plugins/auth.repository.ts';
import * as repo from './staff.repository.ts';

// /api/admin/auth/*: the back office's login, its session and logout (issue 24, decision 085). Every
// login, let in or refused, is an entry of the audit log (decision 086).

export type StaffAuthDeps = { db: Db; now: () => Date; sessionTtlMs: number };

/** Runs an attempt under the login limits (plugins/login-guard.ts). */
export type Limited = <T>(username: string, attempt: () => Promise<T>) => Promise<T>;

async function toStaff(db: Db, staff: { id: string; username: string; firstname: string; lastname: string }): Promise<Staff> {
  const [roles, territories] = await Promise.all([repo.rolesOf(db, staff.id), repo.territoryIdentsOf(db, staff.id)]);
  return {
    uuid: staff.id,
    username: staff.username,
    firstname: staff.firstname,
    lastname: staff.lastname,
    roles: roles.filter(isStaffRole),
    territories,
  };
}

async function attempt(deps: StaffAuthDeps, username: string, password: string): Promise<StaffSessionResponse> {
  const { db, now, sessionTtlMs } = deps;
  const staff = await repo.findStaffByUsername(db, username);
  if (!staff) {
    // A promoter at the back office's door: told so once her password is right.
    const promoter = await findPromoterLogin(db, username);
    if (!promoter) throw new AppError('E_USER_NOT_FOUND');
    if (!(await verifyPassword(promoter.password_hash, password))) throw new AppError('E_USER_WRONG_PASSWORD');
    throw new AppError('E_NOT_STAFF');
  }
  if (!(await verifyPassword(staff.password_hash, password))) throw new AppError('E_USER_WRONG_PASSWORD');
  if (staff.deactivated_at) throw new AppError('E_ACCOUNT_DEACTIVATED');
  const created = now();
  const session = {
    id: newId(),
    staff_id: staff.id,
    token: newToken(),
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + sessionTtlMs).toISOString(),
  };
  await repo.insertStaffSession(db, session);
  return { token: { uuid: session.id, token: session.token, expiresAt: session.expires_at }, staff: await toStaff(db, staff) };
}

export async function login(deps: StaffAuthDeps, body: LoginBody, address: string, limited: Limited): Promise<StaffSessionResponse> {
  const username = normalizeUsername(body.username);
  try {
    const answer = await limited(username, () => attempt(deps, username, body.password));
    const { staff } = answer;
    const actor: Actor = { type: 'staff', id: staff.uuid, name: staff.username, roles: staff.roles, address };
    await recordAudit(deps.db, deps.now(), { actor, verb: 'auth.login', object: { type: 'staff_session', id: answer.token.uuid } });
    return answer;
  } catch (error) {
    const code: ErrorCode = error instanceof AppError ? error.code : 'E_INTERNAL';
    const actor: Actor = { type: 'anonymous', id: null, name: username, roles: [], address };
    await recordAudit(deps.db, deps.now(), { actor, verb: 'auth.login_failed', details: { code } });
    throw error;
  }
}

/** Resumes her session: the token stays, its lifetime starts again. */
export async function resume(deps: StaffAuthDeps, caller: StaffCaller): Promise<StaffSessionResponse> {
  const { db, now, sessionTtlMs } = deps;
  const staff = await repo.findStaffById(db, caller.staffId);
  if (!staff) throw new AppError('E_UNAUTHORIZED');
  const expiresAt = new Date(now().getTime() + sessionTtlMs).toISOString();
  await repo.extendStaffSession(db, caller.sessionId, expiresAt);
  return { token: { uuid: caller.sessionId, token: caller.token, expiresAt }, staff: await toStaff(db, staff) };
}

export async function logout(deps: StaffAuthDeps, caller: StaffCaller, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.revokeStaffSession(trx, caller.sessionId, deps.now().toISOString());
    await recordAudit(trx, deps.now(), { actor, verb: 'auth.logout', object: { type: 'staff_session', id: caller.sessionId } });
  });
}
