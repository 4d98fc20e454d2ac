import {
  OTP_VALIDITY_MINUTES,
  type MgmConfirmBody,
  type MgmConfirmResponse,
  type MgmUpdateBody,
  type MgmUpdateResponse,
} from '@promotor/contract';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { judgeCode, newOneTimeCode, oneTimeCodeHash } from '../../lib/one-time-codes.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import type { SendContext } from '../notifier/notifier.ts';
import { recordConsents, requireOwnHostessCode } from '../leads/leads.service.ts';
import * as repo from './mgm-confirmations.repository.ts';
import { asLookup, HOUR_MS } from './mgm-lookups.ts';
import { checkToken, consentText, emailOf, requireReferable, requireStartedAction, type Invitable, type MgmDeps } from './mgm.service.ts';

// Issue 21 item 1 (decision 079): consents a promoter enters through MGM are pending until the consumer
// confirms them with a one-time code sent to her number on record; only then are they her consent
// records (channel 'mgm', pointing at the confirmation), and only then can she be invited for points.

/**
 * Code sends in an hour: per consumer from all promoters together (the SMS flood guard), per promoter
 * and consumer (well under it, so one promoter's sends never block another's confirmation: decision
 * 080's rule for the webform's codes), and per promoter whatever the consumers.
 */
export const MGM_CODE_SENDS_PER_CONSUMER_HOUR = 10;
export const MGM_CODE_SENDS_PER_PROMOTER_CONSUMER_HOUR = 3;
export const MGM_CODE_SENDS_PER_PROMOTER_HOUR = 30;
/** Requests expired this long ago (never confirmed) are deleted at the next send. */
const EXPIRED_KEPT_MS = 24 * HOUR_MS;

/** The body's consents and the catalogue text each is recorded with: spec §7 emailOptIn (always true) rides on the newsletter's. */
const RECORDED_CONSENTS = [
  ['newsletterCommercialAuthorization', 'newsletterCommercialAuthorization', 'e-mail'],
  ['mobileOptIn', 'mobileOptIn', 'SMS'],
  ['socialMediaOptIn', 'socialMediaOptIn', 'media społecznościowe'],
  ['hypercareOptIn', 'hypercareOptIn', 'kontakt telefoniczny w sprawie urządzenia'],
  ['emailOptIn', 'newsletterCommercialAuthorization', null],
] as const;

/** What the consumer reads before she gives the code away: each consent and her answer, in her words. */
export function confirmationSms(consumer: MgmUpdateBody['consumer'], code: string): string {
  const answers = RECORDED_CONSENTS.flatMap(([field, , label]) => (label ? [`${label} – ${consumer[field] ? 'tak' : 'nie'}`] : []));
  return (
    `Zgody marketingowe (zaproszenie do Inspiration Club): ${answers.join(', ')}. ` +
    `Jeśli to Twoja decyzja, podaj promotorce kod: ${code}. Kod jest ważny ${OTP_VALIDITY_MINUTES} minut.`
  );
}

async function countCodeSend(counters: RateCounters, consumerId: string, userId: string): Promise<void> {
  const taken = await counters.takeAll([
    { key: `mgm-code:consumer:${consumerId}`, windowMs: HOUR_MS, max: MGM_CODE_SENDS_PER_CONSUMER_HOUR },
    { key: `mgm-code:promoter:${userId}:consumer:${consumerId}`, windowMs: HOUR_MS, max: MGM_CODE_SENDS_PER_PROMOTER_CONSUMER_HOUR },
    { key: `mgm-code:promoter:${userId}`, windowMs: HOUR_MS, max: MGM_CODE_SENDS_PER_PROMOTER_HOUR },
  ]);
  if (!taken) throw new AppError('E_OTP_SEND_LIMIT');
}

/**
 * spec §7 /mgm/update-consumer: the consents as she entered them wait, with a code sent by SMS to the
 * consumer's number on record (a new send replaces her earlier request); nothing is recorded yet.
 */
export async function updateConsumer(
  deps: MgmDeps,
  caller: CallerUser,
  body: MgmUpdateBody,
  context?: SendContext,
): Promise<MgmUpdateResponse> {
  const { db } = deps;
  const action = await requireStartedAction(db, caller);
  const { consumer: given } = body;
  await requireOwnHostessCode(db, caller.userId, given.lastModifiedSource.trim());
  return asLookup(deps, caller, action.action_id, 'update', emailOf(given), async () => {
    const consumer = await requireReferable(db, emailOf(given));
    await countCodeSend(deps.counters, consumer.id, caller.userId);
    const consents: repo.PendingConsent[] = RECORDED_CONSENTS.map(([field, textOf]) => {
      const text = consentText(deps.catalogues, textOf);
      return { field, decision: given[field] ? 1 : 0, text_version: text.version, text_hash: text.textHash };
    });
    const now = deps.now();
    const id = newId();
    const code = newOneTimeCode();
    await repo.replacePendingConfirmation(db, {
      id,
      user_id: caller.userId,
      consumer_id: consumer.id,
      action_id: action.action_id,
      action_point_id: action.action_point_id,
      consents: JSON.stringify(consents),
      channel: 'sms',
      recipient: consumer.mobileNumber,
      code_hash: oneTimeCodeHash(id, 'sms', code),
      sent_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OTP_VALIDITY_MINUTES * 60_000).toISOString(),
      confirmed_at: null,
    });
    await repo.deleteExpiredPending(db, new Date(now.getTime() - EXPIRED_KEPT_MS).toISOString());
    const sms = {
      channel: 'sms' as const,
      recipient: consumer.mobileNumber,
      subject: 'Potwierdzenie zgód',
      body: confirmationSms(given, code),
    };
    await deps.notifier.send(sms, context);
    return { uuid: checkToken(caller.userId, consumer.id) };
  });
}

/**
 * /mgm/confirm-consumer (decision 079): her request for this consumer, judged with the code the consumer
 * read out (5 wrong tries, 10 minutes: lib/one-time-codes.ts, as the webform's). Right: the consents
 * become consent records pointing at the confirmation, and her brand is told. Missing, expired, locked
 * or wrong: 422 E_MGM_CODE_WRONG.
 */
export async function confirmConsumer(deps: MgmDeps, caller: CallerUser, body: MgmConfirmBody): Promise<MgmConfirmResponse> {
  const action = await requireStartedAction(deps.db, caller);
  return asLookup(deps, caller, action.action_id, 'confirm', emailOf(body.consumer), async () => {
    const consumer = await requireReferable(deps.db, emailOf(body.consumer));
    await confirmPending(deps, caller, consumer, body.consumer.otp);
    return { uuid: checkToken(caller.userId, consumer.id), brand: consumer.brand };
  });
}

async function confirmPending(deps: MgmDeps, caller: CallerUser, consumer: Invitable, code: string): Promise<void> {
  const { db } = deps;
  const pending = await repo.findPendingConfirmation(db, caller.userId, consumer.id);
  const now = deps.now();
  if (!pending || Date.parse(pending.expires_at) <= now.getTime()) throw new AppError('E_MGM_CODE_WRONG');
  const tries = { take: (max: number) => repo.takeTry(db, pending.id, max), giveBack: () => repo.giveBackTry(db, pending.id) };
  if (!(await judgeCode(tries, { sendId: pending.id, channel: 'sms', hash: pending.code_hash }, code))) {
    throw new AppError('E_MGM_CODE_WRONG');
  }
  const confirmedAt = now.toISOString();
  const consents = JSON.parse(pending.consents) as repo.PendingConsent[];
  await db.transaction().execute(async (trx) => {
    // A parallel confirmation of the same code came first: it wrote the records.
    if (!(await repo.markConfirmed(trx, pending.id, confirmedAt))) throw new AppError('E_MGM_CODE_WRONG');
    await recordConsents(
      trx,
      consents.map((consent) => ({
        id: newId(),
        consumer_id: consumer.id,
        lead_id: null,
        ...consent,
        recorded_at: confirmedAt,
        user_id: caller.userId,
        action_id: pending.action_id,
        action_point_id: pending.action_point_id,
        channel: 'mgm' as const,
        mgm_confirmation_id: pending.id,
      })),
    );
  });
}
