import { trimInvisible, visibleLength } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, ConsentEntry, ConsentField, Consumer, ConsumerHistory } from '../api/admin-types.ts';
import { appDateText, appDay } from '../../lib/dates/app-time-zone.ts';

// What the consumers' page shows, as pure functions (issue 26, decision 100).

const t = pl.biuroConsumers;

export type FindBy = 'email' | 'phone';
export type FindForm = { by: FindBy; value: string; reason: string };
export type FindErrors = Partial<Record<'value' | 'reason', string>>;

/** The contract's Reason (3 to 500 characters): said here before the server is asked. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const NOTE_MAX = 1000;

/** The form's own checks, the same as the contract's: a value, and a reason of at least 3 characters that show. */
export function findErrors(form: FindForm): FindErrors {
  const errors: FindErrors = {};
  if (!form.value.trim()) errors.value = t.find.required;
  const shown = visibleLength(form.reason);
  if (shown === 0) errors.reason = t.find.required;
  else if (shown < REASON_MIN) errors.reason = t.find.reasonTooShort;
  return errors;
}

export function findBody(form: FindForm): AdminBody<'/admin/consumers/find'> {
  const reason = trimInvisible(form.reason);
  return form.by === 'email' ? { emailAddress: form.value.trim(), reason } : { mobileNumber: form.value.trim(), reason };
}

/** Her name as held, or what stands for it (erased: the date; none: a plain word). */
export function consumerName(consumer: Consumer): string {
  if (consumer.erasedAt) return t.erased(dateText(consumer.erasedAt));
  return [consumer.firstName, consumer.lastName].filter(Boolean).join(' ') || consumer.emailAddress || t.unnamed;
}

/** An instant of the server (ISO UTC) on the app's clock (APP_TIMEZONE), to the minute. */
export const dateTimeText = (iso: string): string => appDateText(iso, 'minute');

/** An instant's day on the app's clock (DD.MM.RRRR): the day a person in Warsaw reads, issue 33. */
export const dateText = (iso: string): string => appDateText(iso, 'day');

export const consentLabel = (field: ConsentField): string => t.consentFields[field] ?? field;

/** The consents she has given now: the ones a withdrawal may name. */
export const givenConsents = (history: ConsumerHistory): ConsentField[] =>
  history.current.filter((consent) => consent.decision).map((consent) => consent.field);

/** Newest first (the server sends them so; kept so whatever the order of the answer). */
export const newestFirst = (entries: readonly ConsentEntry[]): ConsentEntry[] =>
  [...entries].sort((a, b) => (a.recordedAt < b.recordedAt ? 1 : a.recordedAt > b.recordedAt ? -1 : 0));

export function proofText(entry: ConsentEntry): string {
  const proofs = t.history.proofs;
  switch (entry.proof.kind) {
    case 'codes':
      return proofs.codes;
    case 'mgm-confirmed':
      return entry.proof.confirmedAt ? proofs.mgmConfirmed(dateTimeText(entry.proof.confirmedAt)) : proofs.mgmUnconfirmed;
    case 'officer':
      return [proofs.officer(entry.proof.staff ?? t.history.none), entry.proof.note].filter(Boolean).join(': ');
  }
}

/** A proof file's name when the server gives none: zgody-<her id's start>-<day in the app's zone>.<format>. */
export const proofFileName = (consumer: Consumer, format: 'json' | 'pdf', now: Date): string =>
  `zgody-${consumer.uuid.slice(0, 8)}-${appDay(now)}.${format}`;
