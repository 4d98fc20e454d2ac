import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { RateCounters, RateLimit } from '../../plugins/rate-counters.ts';
import type { ConsumerContact } from '../consumers/consumers.ts';

// How many codes /lead/otp may send (decision 080, replacing decision 063's 3 an hour per contact).
// Each e-mail and each number is protected from a flood by all promoters together; one promoter's share
// of that is small enough that she can never use it up alone, so she cannot block a contact for
// another promoter, even over a whole working day.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Window = { hour: number; day: number };

/** Sends per e-mail, and per number, from all promoters together. */
export const OTP_SENDS_PER_CONTACT: Window = { hour: 10, day: 20 };
/** Sends by one promoter per e-mail, and per number: well under the contact's (3 < 10, 6 < 20). */
export const OTP_SENDS_PER_PROMOTER_CONTACT: Window = { hour: 3, day: 6 };
/** Sends per promoter in an hour, whatever the contacts: a promoter's account cannot flood consumers. */
export const OTP_SENDS_PER_PROMOTER_HOUR = 30;

/** The counters one send takes; keys carry hashes, never the contact itself (decision 063). */
function limitsOf(contact: ConsumerContact, userId: string): RateLimit[] {
  const channels = [`email:${sha256(contact.emailAddress)}`, `sms:${sha256(contact.mobileNumber)}`];
  const windowed = (prefix: string, window: Window): RateLimit[] =>
    channels.flatMap((channel) => [
      { key: `lead-otp:${prefix}${channel}`, windowMs: HOUR_MS, max: window.hour },
      { key: `lead-otp-day:${prefix}${channel}`, windowMs: DAY_MS, max: window.day },
    ]);
  return [
    ...windowed('', OTP_SENDS_PER_CONTACT),
    ...windowed(`promoter:${userId}:`, OTP_SENDS_PER_PROMOTER_CONTACT),
    { key: `lead-otp:promoter:${userId}`, windowMs: HOUR_MS, max: OTP_SENDS_PER_PROMOTER_HOUR },
  ];
}

/**
 * Takes one send from every limit, all or none at once (decision 013: fixed windows from the first
 * send). Over any of them the send is refused with E_OTP_SEND_LIMIT and counts for none of them, so a
 * refused send never uses up anyone's allowance.
 */
export async function countSend(counters: RateCounters, contact: ConsumerContact, userId: string): Promise<void> {
  if (!(await counters.takeAll(limitsOf(contact, userId)))) throw new AppError('E_OTP_SEND_LIMIT');
}
