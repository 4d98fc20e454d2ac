import {
  normalizeUsername,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_VALIDITY_MINUTES,
  STAFF_PASSWORD_LINK_VALIDITY_HOURS,
  STAFF_PASSWORD_LINKS_PER_HOUR,
  toWallClock,
  type StaffPasswordLinkResponse,
  type StaffSetPasswordBody,
  type StaffResetPasswordBody,
} from '@promotor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import { lockStaff } from '../../db/lock-staff.ts';
import {
  claimResetCodeTry,
  insertResetCode,
  latestOpenResetCode,
  STAFF_RESET_CODES,
  useResetCode,
  voidResetCodes,
} from '../../db/reset-codes.ts';
import { AppError } from '../../lib/app-error.ts';
import { newCode, newId, newToken, sameHash, sha256 } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit } from '../../plugins/audit-trail.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import type { Notifier } from '../notifier/notifier.ts';
import * as admin from './staff-admin.repository.ts';
import * as repo from './staff-passwords.repository.ts';
import { findStaffByUsername, rolesOf } from './staff.repository.ts';

// A staff member's password without anyone else knowing it (issue 34): a new account is e-mailed a
// one-time link to set it, an admin can send a fresh one (decision 118), and 'Nie pamiętasz hasła?'
// e-mails a code, as the promoter app does (decision 120). Whichever way a password is set, her open
// links and codes stop working and her sessions end.

export type StaffPasswordDeps = { db: Db; now: () => Date; notifier: Notifier; timezone: string; counters: RateCounters };

/** Where the set-password page is, below the address people open the app at (decision 118). */
export const SET_PASSWORD_PATH = '/biuro/ustaw-haslo';

const LINK_VALIDITY_MS = STAFF_PASSWORD_LINK_VALIDITY_HOURS * 3_600_000;
const resetCodeHash = (staffId: string, code: string) => sha256(`staff:${staffId}:${code.trim().toUpperCase()}`);

/** A link issued inside the caller's transaction: its token (only ever in the e-mail) and expiry. */
export type IssuedLink = { token: string; expiresAt: string };

/** Counts a link for her account; refused past STAFF_PASSWORD_LINKS_PER_HOUR in an hour. Before the transaction. */
export async function countLink(counters: RateCounters, staffId: string): Promise<void> {
  const { count } = await counters.hit(`staff-link:${staffId}`, 3_600_000);
  if (count > STAFF_PASSWORD_LINKS_PER_HOUR) throw new AppError('E_TOO_MANY_REQUESTS');
}

/** A fresh link for her; the older ones stop working. Inside the caller's transaction, her row locked. */
export async function issueLink(trx: Db, staffId: string, at: Date): Promise<IssuedLink> {
  const token = newToken();
  const expiresAt = new Date(at.getTime() + LINK_VALIDITY_MS).toISOString();
  await repo.voidLinks(trx, staffId, at.toISOString());
  await repo.insertLink(trx, {
    id: newId(),
    staff_id: staffId,
    token_hash: sha256(token),
    created_at: at.toISOString(),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

type Addressee = { username: string; firstname: string };

/** E-mails her the link (to her username, an e-mail address): 'new' for a new account, 'fresh' for an admin's resend. */
export async function mailLink(
  deps: StaffPasswordDeps,
  to: Addressee,
  link: IssuedLink & { base: string },
  kind: 'new' | 'fresh',
  log?: FastifyBaseLogger,
): Promise<void> {
  const url = `${link.base}${SET_PASSWORD_PATH}?token=${link.token}`;
  const until = toWallClock(new Date(link.expiresAt), deps.timezone).slice(0, 16);
  const hello = to.firstname ? `Dzień dobry, ${to.firstname}!` : 'Dzień dobry!';
  const why =
    kind === 'new'
      ? `Założono dla Ciebie konto w biurze Promotor (login: ${to.username}). Aby ustawić hasło, otwórz link:`
      : `Administrator wysłał Ci nowy link do ustawienia hasła w biurze Promotor (login: ${to.username}). Otwórz go:`;
  const older = kind === 'fresh' ? ' Poprzednie linki już nie działają.' : '';
  const body = `${hello}\n\n${why}\n${url}\n\nLink działa jeden raz i jest ważny do ${until} (${STAFF_PASSWORD_LINK_VALIDITY_HOURS} godziny).${older} Jeśli wygaśnie, poproś administratora o nowy.`;
  const subject = kind === 'new' ? 'Konto w biurze Promotor: ustaw hasło' : 'Biuro Promotor: link do ustawienia hasła';
  await deps.notifier.send({ channel: 'email', recipient: to.username, subject, body }, { log });
}

/**
 * Her new password, however it was set: her open links and codes stop working and every session of
 * hers ends (as a promoter's reset ends hers). Inside the caller's transaction, her row locked.
 */
export async function storePassword(trx: Db, staffId: string, passwordHash: string, at: string): Promise<void> {
  await admin.updateStaff(trx, staffId, { password_hash: passwordHash, password_set_at: at });
  await repo.voidLinksAndCodes(trx, staffId, at);
  await admin.revokeStaffSessions(trx, staffId, at);
}

type OpenLink = NonNullable<Awaited<ReturnType<typeof repo.findLink>>>;

/** The link of this token while it still works: unknown, used or voided links are one answer. */
function usable(link: OpenLink | undefined, now: Date): OpenLink {
  if (!link || link.used_at !== null || link.deactivated_at !== null) throw new AppError('E_PASSWORD_LINK_INVALID');
  if (Date.parse(link.expires_at) <= now.getTime()) throw new AppError('E_PASSWORD_LINK_EXPIRED');
  return link;
}

/** The set-password page opening her link: whose account (she reads her login there) and until when. */
export async function linkInfo(deps: StaffPasswordDeps, token: string): Promise<StaffPasswordLinkResponse> {
  const link = usable(await repo.findLink(deps.db, sha256(token)), deps.now());
  return { username: link.username, firstname: link.firstname, lastname: link.lastname, expiresAt: link.expires_at };
}

/** The actor of her own call without a session (her link, her code): herself, as her account says. */
async function herself(db: Db, staff: { id: string; username: string }, address: string): Promise<Actor> {
  return { type: 'staff', id: staff.id, name: staff.username, roles: await rolesOf(db, staff.id), address };
}

/** Sets her password through her link, once: two tabs sending it at once, one wins (the link's row decides). */
export async function setPasswordWithLink(
  deps: StaffPasswordDeps,
  body: StaffSetPasswordBody,
  address: string,
): Promise<{ username: string }> {
  const { db, now } = deps;
  const link = usable(await repo.findLink(db, sha256(body.token)), now());
  const passwordHash = await hashPassword(body.password);
  const at = now();
  await db.transaction().execute(async (trx) => {
    const staff = await lockStaff(trx, link.staff_id, 'update');
    // Read again under her lock: deactivated meanwhile, or expired while the password was hashed.
    if (!staff || staff.deactivated_at !== null) throw new AppError('E_PASSWORD_LINK_INVALID');
    if (Date.parse(link.expires_at) <= at.getTime()) throw new AppError('E_PASSWORD_LINK_EXPIRED');
    if (!(await repo.useLink(trx, link.id, at.toISOString()))) throw new AppError('E_PASSWORD_LINK_INVALID');
    await storePassword(trx, staff.id, passwordHash, at.toISOString());
    const actor = await herself(trx, staff, address);
    await recordAudit(trx, at, { actor, verb: 'staff.password_set', object: { type: 'staff', id: staff.id } });
  });
  return { username: link.username };
}

/**
 * 'Nie pamiętasz hasła?' (decision 120): a code by e-mail to an active account; nothing for an unknown,
 * deactivated or promoter's name — and the same empty answer, so the answer tells no one which exist.
 */
export async function requestReset(deps: StaffPasswordDeps, username: string, address: string, log?: FastifyBaseLogger): Promise<void> {
  const { db, now } = deps;
  const staff = await findStaffByUsername(db, normalizeUsername(username));
  if (!staff || staff.deactivated_at !== null) return;
  const code = newCode(RESET_CODE_LENGTH);
  const created = now();
  await db.transaction().execute(async (trx) => {
    // Two codes asked for at once: one stays open (the second voids the first once it has committed).
    await lockStaff(trx, staff.id, 'update');
    await voidResetCodes(trx, STAFF_RESET_CODES, staff.id, created.toISOString());
    await insertResetCode(trx, STAFF_RESET_CODES, {
      id: newId(),
      ownerId: staff.id,
      code_hash: resetCodeHash(staff.id, code),
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + RESET_CODE_VALIDITY_MINUTES * 60_000).toISOString(),
    });
    // Someone asked for her code: her name as the object, the asker's address (no session: anonymous).
    const actor: Actor = { type: 'anonymous', id: null, name: staff.username, roles: [], address };
    await recordAudit(trx, created, { actor, verb: 'staff.reset_code', object: { type: 'staff', id: staff.id } });
  });
  const body = `Twój kod do zmiany hasła w biurze Promotor: ${code}. Kod jest ważny ${RESET_CODE_VALIDITY_MINUTES} minut. Jeśli to nie Ty prosisz o zmianę hasła, zignoruj tę wiadomość.`;
  await deps.notifier.send({ channel: 'email', recipient: staff.username, subject: 'Biuro Promotor: kod do zmiany hasła', body }, { log });
}

/**
 * Her new password with the e-mailed code. Every failure — no such account, no code, an expired or
 * wrong one, its tries used up — is E_RESET_CODE_INVALID: a different answer for a known name would
 * tell that it exists (decision 120). The tries and the login guard's per-name count hold as for promoters.
 */
export async function resetPassword(deps: StaffPasswordDeps, body: StaffResetPasswordBody, address: string): Promise<void> {
  const { db, now } = deps;
  const staff = await findStaffByUsername(db, normalizeUsername(body.username));
  const reset = staff && staff.deactivated_at === null ? await latestOpenResetCode(db, STAFF_RESET_CODES, staff.id) : undefined;
  if (!staff || !reset || Date.parse(reset.expires_at) <= now().getTime()) throw new AppError('E_RESET_CODE_INVALID');
  // Every try, right or wrong, first takes one of the code's tries.
  const triesUsed = await claimResetCodeTry(db, STAFF_RESET_CODES, reset.id, RESET_CODE_MAX_ATTEMPTS);
  if (triesUsed === null || !sameHash(reset.code_hash, resetCodeHash(staff.id, body.otp))) throw new AppError('E_RESET_CODE_INVALID');
  const passwordHash = await hashPassword(body.password);
  const at = now();
  await db.transaction().execute(async (trx) => {
    const locked = await lockStaff(trx, staff.id, 'update');
    if (!locked || locked.deactivated_at !== null) throw new AppError('E_RESET_CODE_INVALID');
    if (!(await useResetCode(trx, STAFF_RESET_CODES, reset.id, at.toISOString()))) throw new AppError('E_RESET_CODE_INVALID');
    await storePassword(trx, staff.id, passwordHash, at.toISOString());
    const actor = await herself(trx, locked, address);
    await recordAudit(trx, at, { actor, verb: 'staff.password_reset', object: { type: 'staff', id: staff.id } });
  });
}
