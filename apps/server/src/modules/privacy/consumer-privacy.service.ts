import type {
  AdminConsumerFindBody,
  AdminConsumerFindResponse,
  AdminConsumerHistoryResponse,
  AdminConsumerProofBody,
  AdminConsumerRefBody,
  AdminConsumerWithdrawBody,
  AdminConsumerWithdrawResponse,
} from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { wallDate } from '../../lib/time.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import { consentHistoryOf, currentConsents, fromWithdrawal, toAdminConsumer, toConsumerRequest } from './consent-history.ts';
import { consentProofPdf, signConsentProof, type ProofKey } from './consent-proof.ts';
import * as repo from './consumer-privacy.repository.ts';
import { staffName } from '../staff/staff-accounts.service.ts';

// The privacy officer's calls on one consumer (issue 26, decision 097): find her, her consent history,
// its proof, and a withdrawal on her request. Every call is in the audit log; a look-up's entry holds
// the reason, the kind of key and the ids found, never the e-mail or number looked for (the log cannot
// be erased, and a hash of an e-mail is as good as the e-mail to anyone who can guess it).

export type ConsumerPrivacyDeps = { db: Db; now: () => Date; timezone: string; proofKey: ProofKey };

type FindBody = z.output<typeof AdminConsumerFindBody>;
type RefBody = z.output<typeof AdminConsumerRefBody>;
type ProofBody = z.output<typeof AdminConsumerProofBody>;
type WithdrawBody = z.output<typeof AdminConsumerWithdrawBody>;

/**
 * A number as stored (prefix and digits, '+48600123456'): spaces and dashes dropped, a leading 00 read
 * as +, and nine digits without a prefix read as a Polish number (+48) — the form's default prefix.
 */
export function normaliseMobileNumber(input: string): string {
  const compact = input.replace(/[\s-]/g, '');
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (/^\d{9}$/.test(compact)) return `+48${compact}`;
  return `+${compact}`;
}

export async function find(deps: ConsumerPrivacyDeps, call: StaffCall, body: FindBody): Promise<AdminConsumerFindResponse> {
  const byEmail = 'emailAddress' in body;
  const rows = byEmail
    ? await repo.findConsumersByEmail(deps.db, body.emailAddress.trim().toLowerCase())
    : await repo.findConsumersByMobile(deps.db, normaliseMobileNumber(body.mobileNumber));
  await recordAudit(deps.db, deps.now(), {
    actor: call.actor,
    verb: 'consumers.find',
    object: { type: 'consumer', id: rows.length === 1 ? rows[0]!.id : null },
    details: { reason: body.reason, key: byEmail ? 'emailAddress' : 'mobileNumber', found: rows.map((r) => r.id) },
  });
  return { consumers: rows.map(toAdminConsumer) };
}

async function requireConsumer(db: Db, uuid: string) {
  const row = await repo.findConsumerById(db, uuid);
  if (!row) throw refusedTry('E_CONSUMER_NOT_FOUND', { type: 'consumer', ids: [uuid] });
  return row;
}

export async function history(deps: ConsumerPrivacyDeps, call: StaffCall, body: RefBody): Promise<AdminConsumerHistoryResponse> {
  const row = await requireConsumer(deps.db, body.consumer.uuid);
  const [consents, requests] = await Promise.all([consentHistoryOf(deps.db, row.id), repo.requestsOf(deps.db, row.id)]);
  await recordAudit(deps.db, deps.now(), { actor: call.actor, verb: 'consumers.history', object: { type: 'consumer', id: row.id } });
  return { consumer: toAdminConsumer(row), consents, current: currentConsents(consents), requests: requests.map(toConsumerRequest) };
}

export type ProofAnswer = { contentType: string; filename: string; data: Buffer };

/** The signed JSON document or the printable PDF of her consent history (the PDF names the JSON's SHA-256). */
export async function proof(deps: ConsumerPrivacyDeps, call: StaffCall, body: ProofBody): Promise<ProofAnswer> {
  const row = await requireConsumer(deps.db, body.consumer.uuid);
  const at = deps.now();
  const document = {
    consumer: toAdminConsumer(row),
    consents: await consentHistoryOf(deps.db, row.id),
    generatedAt: at.toISOString(),
    generatedBy: { uuid: call.staff.staffId, name: await staffName(deps.db, call.staff.staffId) },
  };
  const signed = signConsentProof(document, deps.proofKey);
  await recordAudit(deps.db, at, {
    actor: call.actor,
    verb: 'consumers.proof',
    object: { type: 'consumer', id: row.id },
    details: { format: body.format, sha256: signed.sha256, keyId: signed.signature.keyId },
  });
  // The day a person reads in the name is the day of APP_TIMEZONE (issue 33): at 00:10 in Warsaw it is
  // already the next day, while UTC still says yesterday.
  const filename = `dowod-zgod-${row.id}-${wallDate(at, deps.timezone)}`;
  if (body.format === 'json') {
    return {
      contentType: 'application/json; charset=utf-8',
      filename: `${filename}.json`,
      data: Buffer.from(JSON.stringify(signed, null, 2)),
    };
  }
  return { contentType: 'application/pdf', filename: `${filename}.pdf`, data: await consentProofPdf(signed, deps.timezone) };
}

/**
 * Fields that ride on another's decision: MGM's emailOptIn on the newsletter's (spec §7), the
 * registration's personalDataHandling on its authorisation (§5). Withdrawing the one withdraws the
 * other, when she has a record of it.
 */
const RIDERS: Record<string, string[]> = {
  newsletterCommercialAuthorization: ['emailOptIn'],
  personalDataRegistrationAuthorisation: ['personalDataHandling'],
};

/** Her withdrawal, recorded by the officer: one new row per consent (never an edit), in force at once. */
export async function withdraw(deps: ConsumerPrivacyDeps, call: StaffCall, body: WithdrawBody): Promise<AdminConsumerWithdrawResponse> {
  const row = await requireConsumer(deps.db, body.consumer.uuid);
  if (row.erased_at !== null) throw new AppError('E_CONSUMER_ERASED');
  const at = deps.now();
  const officer = await staffName(deps.db, call.staff.staffId);
  const recorded = new Set(await repo.recordedFields(deps.db, row.id));
  const fields = [...new Set(body.consents.flatMap((f) => [f, ...(RIDERS[f] ?? []).filter((r) => recorded.has(r))]))];
  const rows = fields.map((field) => ({
    id: newId(),
    consumer_id: row.id,
    field,
    recorded_at: at.toISOString(),
    staff_id: call.staff.staffId,
    staff_name: officer,
    note: body.note,
    request_id: null,
  }));
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertWithdrawals(trx, rows);
    await recordAudit(trx, at, {
      actor: call.actor,
      verb: 'consumers.withdraw',
      object: { type: 'consumer', id: row.id },
      // The note stays in her withdrawal rows, not in the log that cannot be erased.
      details: { consents: fields },
    });
  });
  return { consents: rows.map(fromWithdrawal) };
}

/**
 * Whether a withdrawal of that consent was recorded at or after `since` (the newest record's time): the
 * record then no longer stands. What every marketing decision asks before trusting a consent record.
 */
export const withdrawnSince = (db: Db, consumerId: string, field: string, since: string): Promise<boolean> =>
  repo.withdrawnAtOrAfter(db, consumerId, field, since);
