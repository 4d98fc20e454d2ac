import type { Action, LeadIcErrorDetails, LeadRegisterBody, WebformCatalogues } from '@promotor/contract';
import { isIcErrorCode, UnknownCatalogueEntry } from '@promotor/contract/lead-items';
import { sendRuleViolation } from '@promotor/contract/rules';
import { useRef, useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { ApiError, endsSession } from '../../../lib/api-client.ts';
import type { WebformModal } from '../components/webform-modals.tsx';
import { queueAfterRegistration } from '../submit/after-registration.ts';
import { newAttempt, sendAttempt } from '../submit/registration-attempt.ts';
import type { PendingRegistration, WebformForm } from '../webform.slice.ts';
import { currentForm, goToStep, UNTICKED_CONSENTS, updateForm } from '../webform-store.ts';
import { networkModal } from './use-codes.ts';

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

/** Back to verification, unverified, offers unchosen (spec §5 Send rule; §8 error_wrong_otp "get it again"). */
const backToCodes = (form: WebformForm) =>
  goToStep(1, { verified: false, areOffersChosen: false, data: { ...form.data, otp: '', otpEmail: '' } });

export type RegistrationContext = {
  action: Action;
  catalogues: WebformCatalogues;
  /** The special test action: no send rule (spec §2). */
  testAction: boolean;
  show: (modal: WebformModal) => void;
  /** E_CONSENT_TEXT_CHANGED: the catalogues (with the consent texts) are loaded again. */
  reloadCatalogues: () => void;
};

/**
 * spec §4, §5 Send rule and Registration, §8: 'Zarejestruj'. Sent directly with one Idempotency-Key
 * per attempt; the attempt (its key and whole body) is kept in the form until the server answers, and
 * while it is kept the form is locked and a retry ('Wyślij ponownie', even after a reload) sends that
 * same body again, so she is registered once and told so. A second submit while one runs is ignored.
 */
export function useRegistration({ action, catalogues, testAction, show, reloadCatalogues }: RegistrationContext) {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  async function succeed(form: WebformForm, sent: LeadRegisterBody, lead: { id: string; bc: string }, icCode: string | null) {
    // What was registered is the body sent (the form was locked meanwhile): its offers, not the form's.
    const offers = sent.lead.selectedOffers;
    const gloSerial = offers.Glo?.serialNumber?.trim() || null;
    // Both codes '' are accepted on the test action only, where they make a sandbox registration (decision 067).
    const sandbox = sent.lead.otp === '' && sent.lead.otpEmail === '';
    try {
      await queueAfterRegistration({ actionUuid: action.uuid, lead, gloSerial, recieptURL: form.data.recieptURL, sandbox });
    } catch (error) {
      // No IndexedDB on this phone: the registration stands; the receipt cannot wait to be sent.
      console.warn('webform: receipt or device burn not queued', error);
    }
    const chosenClub = offers.InspirationClub === true;
    goToStep(4, {
      isSuccess: true,
      lead,
      pendingRegistration: null,
      icError: icCode ? { code: icCode, message: pl.errors.ofCode(icCode) } : null,
      icConsentStatus: !chosenClub ? 'not-chosen' : icCode ? 'failed' : 'enrolled',
      // The codes are spent (spec §5 Send rule); the receipt now waits in the outbox.
      data: { ...form.data, otp: '', otpEmail: '', recieptURL: '' },
    });
  }

  function refused(form: WebformForm, error: ApiError & { code: string }): void {
    // spec §5: the codes are valid "until the first registration attempt", and the server uses them up
    // before any check but the body's shape (decision 067): after its answer they are gone, so the next
    // 'Zarejestruj' meets the Send rule and she fetches new ones. E_VALIDATION may be the shape's.
    const data = error.code === 'E_VALIDATION' ? form.data : { ...form.data, otp: '', otpEmail: '' };
    updateForm({ pendingRegistration: null, data }); // answered: the next attempt is a new request
    if (error.code === 'E_CONSENT_TEXT_CHANGED') {
      reloadCatalogues();
      updateForm({ data: { ...data, ...UNTICKED_CONSENTS } });
      return show({ kind: 'error', description: t.consentsChanged, code: error.ts });
    }
    if (error.code === 'error_wrong_otp' || error.code === 'error_wrong_otp_email') backToCodes(form);
    // The key was used with another body: the same body is always resent, so only an attempt kept by an
    // older app gets here. What became of it cannot be known; she is told she may be registered.
    const description = error.code === 'E_IDEMPOTENCY_KEY_REUSED' ? t.attemptUnknown : registrationErrorMessage(error.code);
    show({ kind: 'error', description, code: error.ts });
  }

  /** The kept attempt, or a new one (null: its body could not be built, and she has been told why). */
  async function attemptOf(form: WebformForm, withoutCodes: boolean): Promise<PendingRegistration | null> {
    if (form.pendingRegistration) return form.pendingRegistration;
    try {
      const attempt = await newAttempt({ form, action, catalogues, withoutCodes });
      updateForm({ pendingRegistration: attempt }); // kept before it is sent: a reload mid-call keeps it too
      return attempt;
    } catch (error) {
      if (!(error instanceof UnknownCatalogueEntry)) throw error;
      show({ kind: 'error', description: pl.errors.ofCode('error_unknown_asset_brand_model'), code: null });
      return null;
    }
  }

  async function send(form: WebformForm, withoutCodes: boolean): Promise<void> {
    const attempt = await attemptOf(form, withoutCodes);
    if (!attempt) return;
    try {
      await succeed(form, attempt.body, await sendAttempt(attempt), null);
    } catch (error) {
      if (!(error instanceof ApiError) || endsSession(error)) throw error;
      if (error.code !== null && isIcErrorCode(error.code)) {
        // spec §4: the loyalty club failed, the registration stands (its id and beacon in the details).
        const details = error.details as LeadIcErrorDetails;
        return succeed(form, attempt.body, { id: details.lead.id, bc: details.bc }, error.code);
      }
      // Not answered (the connection, or the first try still running after a wait): the attempt stays.
      if (error.kind === 'network') return show(networkModal());
      if (error.code === 'E_IDEMPOTENCY_IN_PROGRESS') return show({ kind: 'error', description: pl.errors.ofCode(error.code), code: null });
      if (error.code === null) {
        // Not the server's envelope. A 5xx page is a gateway's (a timeout, a restart): the server
        // may have registered her behind it, and it keeps no 5xx under the key, so the retry must be
        // this same request (replayed if it was done, run if not). Anything else ends the attempt.
        if ((error.httpStatus ?? 0) < 500) updateForm({ pendingRegistration: null });
        return show({ kind: 'error', description: t.submitFailed, code: error.ts });
      }
      refused(form, error as ApiError & { code: string });
    }
  }

  /**
   * 'Zarejestruj' (after step 3's checks) or 'Wyślij ponownie'; `withoutCodes`: the test action's
   * 'Zarejestruj bez kodów'. A kept attempt is resent as it was: no rule is checked again.
   */
  async function register(withoutCodes = false): Promise<void> {
    const form = currentForm();
    if (running.current || !form) return;
    const violation = testAction || form.pendingRegistration ? null : sendRuleViolation(form.data);
    if (violation) {
      backToCodes(form);
      return show({ kind: 'error', description: violation, code: null });
    }
    running.current = true;
    setSubmitting(true);
    try {
      await send(form, withoutCodes);
    } catch (error) {
      if (!endsSession(error)) show({ kind: 'error', description: t.submitFailed, code: null });
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return { register, submitting };
}
