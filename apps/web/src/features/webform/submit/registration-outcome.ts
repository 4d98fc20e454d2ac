import type { LeadRegisterBody } from '@promotor/contract';
import { UnknownCatalogueEntry } from '@promotor/contract/lead-items';
import * as pl from '../../../i18n/pl.ts';
import { ApiError, endsSession } from '../../../lib/api-client.ts';
import type { WebformModal } from '../components/webform-modals.tsx';
import { networkModal } from '../hooks/use-codes.ts';
import type { WebformForm, WebformStep } from '../webform.slice.ts';
import { UNTICKED_CONSENTS } from '../webform-store.ts';
import type { Registered } from './after-registration.ts';
import type { RegisteredLead } from './registration-attempt.ts';

// What a registration's answer leads to (spec §4, §5 Send rule and Registration, §8): the form's next
// step and change, and the modal. A pure function, read as a table (registration-outcome.test.ts);
// use-registration.ts sends the attempt and applies it. Whether the attempt is kept for a retry is the
// kept-intent policy's (lib/requests/kept-intent.ts), not this table's.

const t = pl.webform;

/** spec §8 Registration errors: each opens its own message; anything else is 'form submission error'. */
const REGISTRATION_CODES = new Set([
  'error_consumer_multiple_found',
  'error_device_not_found',
  'error_device_already_registered',
  'error_asset_unavailable',
  'error_product_unavailable',
  'ASSET:CREATION_ERROR',
  'PRODUCT_INTEREST:CREATION_ERROR',
  'error_wrong_otp',
  'error_wrong_otp_email',
  'error_unknown_asset_brand_model',
  'error_m2_exception',
]);

export const registrationErrorMessage = (code: string): string =>
  REGISTRATION_CODES.has(code) ? pl.errors.ofCode(code) : `${t.submitFailed} ${pl.errors.ofCode(code)}`;

/** The server's answer to the attempt sent (`sent`), or what the sending threw. */
export type RegistrationAnswer = { registered: RegisteredLead; sent: LeadRegisterBody } | { error: unknown };

export type RegistrationOutcome = {
  /** Registered: the receipt and the device burn to queue, before the form moves on. */
  queue?: Omit<Registered, 'actionUuid'>;
  /** The step the form moves to (recorded in its trace); without one it stays. */
  step?: WebformStep;
  change?: Partial<WebformForm>;
  /** E_CONSENT_TEXT_CHANGED: the catalogues (with the consent texts) are loaded again. */
  reloadCatalogues?: true;
  modal?: WebformModal;
};

/** Back to verification, unverified, offers unchosen (spec §5 Send rule; §8 error_wrong_otp "get it again"). */
export const backToCodes = (form: WebformForm): RegistrationOutcome => ({
  step: 1,
  change: { verified: false, areOffersChosen: false, data: { ...form.data, otp: '', otpEmail: '' } },
});

/** The form `form` (as it was sent from) after the answer. */
export function registrationOutcome(form: WebformForm, answer: RegistrationAnswer): RegistrationOutcome {
  return 'registered' in answer ? registered(form, answer.sent, answer.registered) : failed(form, answer.error);
}

function registered(form: WebformForm, sent: LeadRegisterBody, { lead, icCode }: RegisteredLead): RegistrationOutcome {
  // What was registered is the body sent (the form was locked meanwhile): its offers, not the form's.
  const offers = sent.lead.selectedOffers;
  const chosenClub = offers.InspirationClub === true;
  return {
    queue: {
      lead,
      gloSerial: offers.Glo?.serialNumber?.trim() || null,
      recieptURL: form.data.recieptURL,
      // Both codes '' are accepted on the test action only, where they make a sandbox registration (decision 067).
      sandbox: sent.lead.otp === '' && sent.lead.otpEmail === '',
    },
    step: 4,
    change: {
      isSuccess: true,
      lead,
      pendingRegistration: null,
      icError: icCode ? { code: icCode, message: pl.errors.ofCode(icCode) } : null,
      icConsentStatus: !chosenClub ? 'not-chosen' : icCode ? 'failed' : 'enrolled',
      // The codes are spent (spec §5 Send rule); the receipt now waits in the outbox.
      data: { ...form.data, otp: '', otpEmail: '', recieptURL: '' },
    },
  };
}

const errorModal = (description: string, code: string | null): RegistrationOutcome => ({ modal: { kind: 'error', description, code } });

function failed(form: WebformForm, error: unknown): RegistrationOutcome {
  // Her session is over: the form went with it, and nothing is said here (the login page says why).
  if (endsSession(error)) return {};
  // Her choice is not in the catalogue: no attempt was made.
  if (error instanceof UnknownCatalogueEntry) return errorModal(pl.errors.ofCode('error_unknown_asset_brand_model'), null);
  if (!(error instanceof ApiError)) return errorModal(t.submitFailed, null);
  // Not answered (the connection, or the first try still running after a wait): the attempt stays.
  if (error.kind === 'network') return { modal: networkModal() };
  if (error.code === 'E_IDEMPOTENCY_IN_PROGRESS') return errorModal(pl.errors.ofCode(error.code), null);
  // Not the server's envelope (a gateway's page): its time is all there is to quote.
  if (error.code === null) return errorModal(t.submitFailed, error.ts);
  return refused(form, error.code, error.ts);
}

function refused(form: WebformForm, code: string, ts: string | null): RegistrationOutcome {
  // spec §5: the codes are valid "until the first registration attempt", and the server uses them up
  // before any check but the body's shape (decision 067): after its answer they are gone, so the next
  // 'Zarejestruj' meets the Send rule and she fetches new ones. E_VALIDATION may be the shape's.
  const data = code === 'E_VALIDATION' ? form.data : { ...form.data, otp: '', otpEmail: '' };
  if (code === 'E_CONSENT_TEXT_CHANGED') {
    return { reloadCatalogues: true, change: { data: { ...data, ...UNTICKED_CONSENTS } }, ...errorModal(t.consentsChanged, ts) };
  }
  // The key was used with another body: the same body is always resent, so only an attempt kept by an
  // older app gets here. What became of it cannot be known; she is told she may be registered.
  const modal = errorModal(code === 'E_IDEMPOTENCY_KEY_REUSED' ? t.attemptUnknown : registrationErrorMessage(code), ts);
  if (code === 'error_wrong_otp' || code === 'error_wrong_otp_email') return { ...backToCodes(form), ...modal };
  return { change: { data }, ...modal };
}
