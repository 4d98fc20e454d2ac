import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_VALIDITY_MINUTES,
  normalizeUsername,
  type SessionResponse,
  type SessionUser,
} from '@promotor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import { lockUser } from '../../db/lock-user.ts';
import {
  claimResetCodeTry,
  insertResetCode,
  latestOpenResetCode,
  PROMOTER_RESET_CODES,
  useResetCode,
  voidResetCodes,
} from '../../db/reset-codes.ts';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newCode, newId, newToken, sameHash, sha256 } from '../../lib/crypto.ts';
import type { Caller } from '../../plugins/auth.ts';
import { findStaffLogin } from '../../plugins/auth.repository.ts';
import type { Notifier } from '../notifier/notifier.ts';
import * as repo from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';

export type AuthDeps = { db: Db; notifier: Notifier; now: () => Date; sessionTtlMs: number };

const resetCodeHash = (userId: string, code: string) => sha256(`${userId}:${code.trim().toUpperCase()}`);

async function toSessionUser(db: Db, user: User): Promise<SessionUser> {
  return {
    ident: user.ident,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    territories: await repo.userTerritories(db, user.id),
    emailAddress: user.email_address,
    mobilePhone: user.mobile_phone,
  };
}

export async function login(deps: AuthDeps, username: string, password: string): Promise<SessionResponse> {
  const { db, now, sessionTtlMs } = deps;
  const user = await repo.findUserByUsername(db, normalizeUsername(username));
  if (!user) return refuseStaff(db, normalizeUsername(username), password);
  if (!(await verifyPassword(user.password_hash, password))) throw new AppError('E_USER_WRONG_PASSWORD');
  if (user.deactivated_at) throw new AppError('E_ACCOUNT_DEACTIVATED');
  const created = now();
  const session = {
    id: newId(),
    user_id: user.id,
    token: newToken(),
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + sessionTtlMs).toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    // Her row as committed now: a password changed or an account deactivated while the password was
    // being checked leaves no session (issue 32; db/lock-user.ts).
    const current = await lockUser(trx, user.id, 'share');
    if (current?.password_hash !== user.password_hash) throw new AppError('E_USER_WRONG_PASSWORD');
    if (current.deactivated_at) throw new AppError('E_ACCOUNT_DEACTIVATED');
    await repo.insertSession(trx, session);
  });
  return {
    token: { uuid: session.id, token: session.token, expiresAt: session.expires_at },
    user: await toSessionUser(db, user),
  };
}

/**
 * A back-office account at the promoter app's door (decision 085): once her password is right she is
 * told where to go (E_NOT_A_PROMOTER, pointing to /biuro); a wrong one counts as any failed guess.
 */
async function refuseStaff(db: Db, username: string, password: string): Promise<never> {
  const staff = await findStaffLogin(db, username);
  if (!staff) throw new AppError('E_USER_NOT_FOUND');
  if (!(await verifyPassword(staff.password_hash, password))) throw new AppError('E_USER_WRONG_PASSWORD');
  throw new AppError('E_NOT_A_PROMOTER');
}

/**
 * A session's lifetime moves on in steps of at least this much: an app resumed again within a minute
 * keeps the expiry it was given then, instead of a write (a disk sync) for a few seconds' difference.
 */
export const SESSION_EXTENSION_STEP_MS = 60_000;

/** Resumes a session: the token stays the same and its lifetime starts again. */
export async function resume(deps: AuthDeps, caller: Caller): Promise<SessionResponse> {
  const { db, now, sessionTtlMs } = deps;
  const user = await repo.findUserById(db, caller.userId);
  if (!user) throw new AppError('E_UNAUTHORIZED');
  let expiresAt = new Date(now().getTime() + sessionTtlMs).toISOString();
  const moved = Date.parse(expiresAt) - Date.parse(caller.expiresAt);
  // A shorter lifetime (the TTL was lowered) is always written.
  if (moved >= 0 && moved < SESSION_EXTENSION_STEP_MS) expiresAt = caller.expiresAt;
  else await repo.extendSession(db, caller.sessionId, expiresAt);
  return { token: { uuid: caller.sessionId, token: caller.token, expiresAt }, user: await toSessionUser(db, user) };
}

export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, deps.now().toISOString());
}

/** `log`: the request's logger, so a code that could not be sent is logged with the request id. */
export async function requestPasswordReset(deps: AuthDeps, username: string, log?: FastifyBaseLogger): Promise<void> {
  const { db, now, notifier } = deps;
  const user = await repo.findUserByUsername(db, normalizeUsername(username));
  if (!user) throw new AppError('E_USER_NOT_FOUND');
  if (user.deactivated_at) throw new AppError('E_ACCOUNT_DEACTIVATED');
  const code = newCode(RESET_CODE_LENGTH);
  const created = now();
  await db.transaction().execute(async (trx) => {
    // Two codes asked for at once: the second voids the first once it has committed (one code open).
    await lockUser(trx, user.id, 'update');
    await voidResetCodes(trx, PROMOTER_RESET_CODES, user.id, created.toISOString());
    await insertResetCode(trx, PROMOTER_RESET_CODES, {
      id: newId(),
      ownerId: user.id,
      code_hash: resetCodeHash(user.id, code),
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + RESET_CODE_VALIDITY_MINUTES * 60_000).toISOString(),
    });
  });
  const body = `Twój kod do zmiany hasła w aplikacji Promotor: ${code}. Kod jest ważny ${RESET_CODE_VALIDITY_MINUTES} minut.`;
  const subject = 'Kod do zmiany hasła';
  // Side by side: each send may take its few seconds (decision 064), the answer waits for the longer one only.
  await Promise.all([
    user.mobile_phone ? notifier.send({ channel: 'sms', recipient: user.mobile_phone, subject, body }, { log }) : undefined,
    notifier.send({ channel: 'email', recipient: user.email_address ?? user.username, subject, body }, { log }),
  ]);
}

export async function resetPassword(deps: AuthDeps, username: string, otp: string, password: string): Promise<void> {
  const { db, now } = deps;
  const user = await repo.findUserByUsername(db, normalizeUsername(username));
  if (!user) throw new AppError('E_USER_NOT_FOUND');
  const reset = await latestOpenResetCode(db, PROMOTER_RESET_CODES, user.id);
  if (!reset) throw new AppError('E_RESET_CODE_INVALID');
  if (Date.parse(reset.expires_at) <= now().getTime()) throw new AppError('E_RESET_CODE_EXPIRED');
  // Every try, right or wrong, first takes one of the code's tries.
  const triesUsed = await claimResetCodeTry(db, PROMOTER_RESET_CODES, reset.id, RESET_CODE_MAX_ATTEMPTS);
  if (triesUsed === null) throw new AppError('E_RESET_CODE_TOO_MANY_ATTEMPTS');
  if (!sameHash(reset.code_hash, resetCodeHash(user.id, otp))) {
    throw new AppError(triesUsed >= RESET_CODE_MAX_ATTEMPTS ? 'E_RESET_CODE_TOO_MANY_ATTEMPTS' : 'E_RESET_CODE_INVALID');
  }
  const passwordHash = await hashPassword(password);
  const at = now().toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await useResetCode(trx, PROMOTER_RESET_CODES, reset.id, at))) throw new AppError('E_RESET_CODE_INVALID');
    await repo.updatePasswordHash(trx, user.id, passwordHash);
    await repo.revokeUserSessions(trx, user.id, at);
  });
}

/** Changes the caller's password; her other sessions (another phone) end, this one stays. */
export async function updatePassword(deps: AuthDeps, caller: Caller, password: string): Promise<void> {
  const { db, now } = deps;
  const passwordHash = await hashPassword(password);
  const at = now().toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, caller.userId, passwordHash);
    // Read after her row's lock is held: a change from her other phone that committed first ended this
    // session, and this change is then refused instead of ending the winner's session (issue 32).
    if (!(await repo.sessionIsLive(trx, caller.sessionId))) throw new AppError('E_UNAUTHORIZED');
    await repo.revokeUserSessions(trx, caller.userId, at, caller.sessionId);
  });
}
