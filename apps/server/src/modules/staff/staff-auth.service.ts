import {
  normalizeUsername,
  type AdminTerritoriesResponse,
  type ErrorCode,
  type LoginBody,
  type Staff,
  type StaffSessionResponse,
} from '@promotor/contract';
import { isStaffRole } from '@promotor/contract/permissions';
import type { Db } from '../../db/kysely.ts';
import { lockStaff } from '../../db/lock-staff.ts';
import { territoriesInScope } from '../../db/territories.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { loginNameDigest } from '../../lib/login-names.ts';
import { verifyPasswordOf } from '../../lib/password.ts';
import { recordAudit, type AuditRecord } from '../../plugins/audit-trail.ts';
import type { Actor, StaffCaller } from '../../plugins/auth.ts';
import { findPromoterLogin } from '../../plugins/auth.repository.ts';
import * as repo from './staff.repository.ts';

// /api/admin/auth/*: the back office's login, its session and logout (issue 24, decision 085). Every
// login, let in or refused, is an entry of the audit log (decision 086). An unknown username and a wrong
// password are one answer, E_WRONG_CREDENTIALS, in about the same time (decision 107): this door does
// not tell which usernames exist.

/** `nameKey`: the key of typed names' digests (lib/login-names.ts, decision 107). */
export type StaffAuthDeps = { db: Db; now: () => Date; sessionTtlMs: number; nameKey: Buffer };

/** Runs an attempt under the login limits (plugins/login-guard.ts). */
export type Limited = <T>(username: string, attempt: () => Promise<T>) => Promise<T>;

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findStaffByUsername>>>;
type PromoterRow = NonNullable<Awaited<ReturnType<typeof findPromoterLogin>>>;
/** The account a typed username names: hers at this door, a promoter's at the other, or none. */
type NamedAccount = { type: 'staff'; row: StaffRow } | { type: 'promoter'; row: PromoterRow } | null;

async function namedAccount(db: Db, username: string): Promise<NamedAccount> {
  // Both looked up every time: an unknown name takes the same steps as a known one.
  const [staff, promoter] = await Promise.all([repo.findStaffByUsername(db, username), findPromoterLogin(db, username)]);
  if (staff) return { type: 'staff', row: staff };
  return promoter ? { type: 'promoter', row: promoter } : null;
}

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

async function attempt(deps: StaffAuthDeps, account: NamedAccount, password: string): Promise<StaffSessionResponse> {
  const { db, now, sessionTtlMs } = deps;
  // No account: verified against a hash no password matches, so the answer comes as late as for a
  // wrong password (argon2 is nearly all of a login's time).
  if (!(await verifyPasswordOf(account?.row, password))) throw new AppError('E_WRONG_CREDENTIALS');
  // A promoter at the back office's door: told so once her password is right.
  if (account!.type === 'promoter') throw new AppError('E_NOT_STAFF');
  const staff = account!.row;
  if (staff.deactivated_at) throw new AppError('E_ACCOUNT_DEACTIVATED');
  const created = now();
  const session = {
    id: newId(),
    staff_id: staff.id,
    token: newToken(),
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + sessionTtlMs).toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    // Her row as committed now: a password set (her link, a reset) or a deactivation that committed while
    // the password was being checked leaves no session (issue 34, as for promoters: db/lock-user.ts).
    const current = await lockStaff(trx, staff.id, 'share');
    if (current?.password_hash !== staff.password_hash) throw new AppError('E_WRONG_CREDENTIALS');
    if (current.deactivated_at) throw new AppError('E_ACCOUNT_DEACTIVATED');
    await repo.insertStaffSession(trx, session);
  });
  return { token: { uuid: session.id, token: session.token, expiresAt: session.expires_at }, staff: await toStaff(db, staff) };
}

/**
 * A refused login's entry (decision 107): by the account the name names — its username and id as the
 * object — or, naming none, by the keyed digest of what was typed. Never the typed text: it may be a
 * password typed into the wrong field, and the log is append-only.
 */
function failedLogin(deps: StaffAuthDeps, account: NamedAccount, username: string, code: ErrorCode, address: string): AuditRecord {
  const actor: Actor = { type: 'anonymous', id: null, name: account?.row.username ?? null, roles: [], address };
  if (!account) return { actor, verb: 'auth.login_failed', details: { code, typedName: loginNameDigest(deps.nameKey, username) } };
  return { actor, verb: 'auth.login_failed', object: { type: account.type, id: account.row.id }, details: { code } };
}

export async function login(deps: StaffAuthDeps, body: LoginBody, address: string, limited: Limited): Promise<StaffSessionResponse> {
  const username = normalizeUsername(body.username);
  let account: NamedAccount = null;
  try {
    const answer = await limited(username, async () => {
      account = await namedAccount(deps.db, username);
      return attempt(deps, account, body.password);
    });
    const { staff } = answer;
    const actor: Actor = { type: 'staff', id: staff.uuid, name: staff.username, roles: staff.roles, address };
    await recordAudit(deps.db, deps.now(), { actor, verb: 'auth.login', object: { type: 'staff_session', id: answer.token.uuid } });
    return answer;
  } catch (error) {
    const code: ErrorCode = error instanceof AppError ? error.code : 'E_INTERNAL';
    await recordAudit(deps.db, deps.now(), failedLogin(deps, account, username, code, address));
    throw error;
  }
}

/** Resumes her session: the token stays, its lifetime starts again. */
/** Her territories, or every one for a role of them all (the guard's scope): the filters' lists, issue 33. */
export async function territories(deps: StaffAuthDeps, caller: StaffCaller): Promise<AdminTerritoriesResponse> {
  return { territories: await territoriesInScope(deps.db, caller.scope) };
}

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
    // Two tabs logging out at once: the session ends once, and once in the log.
    if (!(await repo.revokeStaffSession(trx, caller.sessionId, deps.now().toISOString()))) return;
    await recordAudit(trx, deps.now(), { actor, verb: 'auth.logout', object: { type: 'staff_session', id: caller.sessionId } });
  });
}
