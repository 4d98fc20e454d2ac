import { isTestActionName } from '@promotor/contract/lead-items';
import { prefixedNumberError } from '@promotor/contract/rules';
import {
  OTP_VALIDITY_MINUTES,
  type LeadOtpBody,
  type LeadVerifyBody,
  type LeadVerifyResponse,
  type WebformCataloguesResponse,
} from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, sha256 } from '../../lib/crypto.ts';
import { CODE_MAX_WRONG_TRIES, judgeCode, newOneTimeCode, oneTimeCodeHash } from '../../lib/one-time-codes.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { requireActionInStatus } from '../actions/action-guards.ts';
import { findStartedAction } from '../actions/actions.service.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import type { Notifier, SendContext } from '../notifier/notifier.ts';
import type { ConsumerContact, ConsumerRegistry } from '../consumers/consumers.ts';
import { insertConsentRecords } from './lead-register.repository.ts';
import * as repo from './leads.repository.ts';
import { countSend } from './otp-send-limits.ts';

export type LeadsDeps = {
  db: Db;
  now: () => Date;
  notifier: Notifier;
  counters: RateCounters;
  registry: ConsumerRegistry;
  /** The webform's catalogues as /webform/catalogues answers them (/lead/register checks against them). */
  catalogues: WebformCataloguesResponse;
  timezone: string;
};

/** Issue 11: wrong tries per code before even the right one is refused until a new send. */
export const OTP_MAX_WRONG_TRIES = CODE_MAX_WRONG_TRIES;
const HOUR_MS = 3_600_000;
/** Codes expired this long ago are deleted at the next send (nobody can use them any more). */
const EXPIRED_OTP_KEPT_MS = 24 * HOUR_MS;

// ── what MGM uses of leads (decision 084): her hostess code's check and the consent records ──

/** The hostess code a form names must be hers (spec §3: the webform's hostessCode is her ident), else 403. */
export async function requireOwnHostessCode(db: Db, userId: string, hostessCode: string): Promise<void> {
  if ((await repo.findUserIdent(db, userId)) !== hostessCode) throw new AppError('E_NOT_YOUR_HOSTESS_CODE');
}

/** Appends consent records (only ever appended), each pointing at the stored words of its text (decision 078). */
export const recordConsents = insertConsentRecords;

export const contactOf = (lead: { emailAddress: string; mobileNumber: string }): ConsumerContact => ({
  emailAddress: lead.emailAddress.trim().toLowerCase(),
  mobileNumber: lead.mobileNumber,
});

// The codes and the send limits know the consumer only by hashes: no contact data in lead_otps or in
// rate_counters for someone who never registers (decision 063).
export const recipientHash = (c: ConsumerContact) => sha256(`lead-otp:${c.emailAddress}\n${c.mobileNumber}`);
const codeHash = oneTimeCodeHash;

const codeMessage = (code: string) => `Twój kod weryfikacyjny: ${code}. Kod jest ważny ${OTP_VALIDITY_MINUTES} minut.`;

// spec §7 /lead/otp, §9: a 5-character code by e-mail and another by SMS, valid 10 minutes; a new
// send replaces the previous codes she asked for that e-mail and number, never another promoter's
// (decision 080). `context`: the request's logger, so a message that could not be sent is logged with
// the request id (decision 064).
export async function sendCodes(deps: LeadsDeps, caller: CallerUser, body: LeadOtpBody, context?: SendContext): Promise<void> {
  // spec §5 step 0: the form's phone rule, through the catalogue's prefixes; checked before a send is counted.
  const numberError = prefixedNumberError(deps.catalogues.catalogues.phonePrefixes, body.lead.mobileNumber);
  if (numberError !== null) throw new AppError('E_VALIDATION', [{ path: 'body.lead.mobileNumber', message: numberError }]);
  const contact = contactOf(body.lead);
  await countSend(deps.counters, contact, caller.userId);
  const now = deps.now();
  const id = newId();
  const emailCode = newOneTimeCode();
  const smsCode = newOneTimeCode();
  await repo.replaceOtp(deps.db, {
    id,
    recipient_hash: recipientHash(contact),
    user_id: caller.userId,
    email_code_hash: codeHash(id, 'email', emailCode),
    sms_code_hash: codeHash(id, 'sms', smsCode),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + OTP_VALIDITY_MINUTES * 60_000).toISOString(),
  });
  await repo.deleteExpiredOtps(deps.db, new Date(now.getTime() - EXPIRED_OTP_KEPT_MS).toISOString());
  await Promise.all([
    deps.notifier.send(
      { channel: 'email', recipient: contact.emailAddress, subject: 'Kod weryfikacyjny', body: codeMessage(emailCode) },
      context,
    ),
    deps.notifier.send(
      { channel: 'sms', recipient: contact.mobileNumber, subject: 'Kod weryfikacyjny', body: codeMessage(smsCode) },
      context,
    ),
  ]);
}

/** Whether one of the pair is right, within its tries (lib/one-time-codes.ts, shared with MGM: decision 079). */
export async function codeIsRight(
  db: Db,
  otp: { id: string; email_code_hash: string; sms_code_hash: string },
  channel: repo.OtpChannel,
  code: string,
) {
  const hash = channel === 'email' ? otp.email_code_hash : otp.sms_code_hash;
  const tries = { take: (max: number) => repo.takeTry(db, otp.id, channel, max), giveBack: () => repo.giveBackTry(db, otp.id, channel) };
  return judgeCode(tries, { sendId: otp.id, channel, hash }, code);
}

/**
 * spec §7 /lead/verify, §4: both codes, then what the consumer may be offered. A wrong, expired, used or
 * locked SMS code is error_wrong_otp (checked first when both are wrong: decision 063), the e-mail code's
 * error_wrong_otp_email; an unknown consumer error_m2_not_found_in_salesforce. The codes stay usable:
 * they are consumed at the first registration attempt (spec §5 Send rule).
 */
export async function verify(deps: LeadsDeps, caller: CallerUser, body: LeadVerifyBody): Promise<LeadVerifyResponse> {
  const { db } = deps;
  const { lead } = body;
  if (!(await repo.findHerEventByIdent(db, caller.userId, lead.eventIdent))) throw new AppError('E_EVENT_NOT_FOUND');
  const contact = contactOf(lead);
  if (lead.otp === '' && lead.otpEmail === '') return verifyWithoutCodes(deps, caller, lead.eventIdent);
  const otp = await repo.findHerOtp(db, recipientHash(contact), caller.userId);
  if (!otp || otp.consumed_at !== null || Date.parse(otp.expires_at) <= deps.now().getTime()) throw new AppError('error_wrong_otp');
  // Both are judged (each wrong one takes a try) before answering, so one answer never hides a wrong other.
  const [smsRight, emailRight] = [await codeIsRight(db, otp, 'sms', lead.otp), await codeIsRight(db, otp, 'email', lead.otpEmail)];
  if (!smsRight) throw new AppError('error_wrong_otp');
  if (!emailRight) throw new AppError('error_wrong_otp_email');

  const known = await deps.registry.verify(contact);
  if (!known) throw new AppError('error_m2_not_found_in_salesforce');
  // Our verification is real: never bypassed (the test action's without codes answers above).
  return { verification: known.verification, Glo_Pro: known.gloPro, sfVerificationBypassed: false };
}

/**
 * spec §2: on the special test action (a started action of hers whose name contains exp1707, of the
 * event she verifies in, not cancelled by the organiser) both codes may be empty. Without codes nothing
 * proves who the consumer is, so the registry is not asked: the answer is a new consumer's
 * (error_m2_not_found_in_salesforce, every offer enabled), and the registration that follows is the
 * test action's sandbox (decision 067). Anywhere else empty codes are simply wrong.
 */
async function verifyWithoutCodes(deps: LeadsDeps, caller: CallerUser, eventIdent: string): Promise<never> {
  const started = await findStartedAction(deps.db, caller.userId);
  if (!started || !isTestActionName(started.name) || started.event_ident !== eventIdent) throw new AppError('error_wrong_otp');
  await requireActionInStatus(deps.db, caller, started.id, { userStatus: 'started' });
  throw new AppError('error_m2_not_found_in_salesforce');
}
