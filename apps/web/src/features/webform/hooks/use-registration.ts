import type { Action, LeadIcErrorDetails, WebformCatalogues } from '@promotor/contract';
import { isIcErrorCode, UnknownCatalogueEntry } from '@promotor/contract/lead-items';
import { sendRuleViolation } from '@promotor/contract/rules';
import { useRef, useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { ApiError, endsSession, newIdempotencyKey } from '../../../lib/api-client.ts';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { registerLead } from '../api/webform.api.ts';
import type { WebformModal } from '../components/webform-modals.tsx';
import { queueAfterRegistration } from '../submit/after-registration.ts';
import { leadRegisterBody } from '../submit/lead-body.ts';
import { registrationPosition } from '../submit/position.ts';
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
 * per attempt, kept with its moment and position until the server answers, so a retry after a dropped
 * connection is the same request and registers once; a second submit while one runs is ignored.
 */
export function useRegistration({ action, catalogues, testAction, show, reloadCatalogues }: RegistrationContext) {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  async function succeed(form: WebformForm, lead: { id: string; bc: string }, icCode: string | null): Promise<void> {
    const gloSerial = form.data.selectedOffers.Glo?.serialNumber?.trim() || null;
    try {
      await queueAfterRegistration({ actionUuid: action.uuid, lead, gloSerial, recieptURL: form.data.recieptURL });
    } catch (error) {
      // No IndexedDB on this phone: the registration stands; the receipt cannot wait to be sent.
      console.warn('webform: receipt or device burn not queued', error);
    }
    const chosenClub = form.data.selectedOffers.InspirationClub === true;
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
    show({ kind: 'error', description: registrationErrorMessage(error.code), code: error.ts });
  }

  async function send(form: WebformForm, withoutCodes: boolean): Promise<void> {
    const pending: PendingRegistration = form.pendingRegistration ?? {
      idempotencyKey: newIdempotencyKey(),
      timestamp: Date.now(),
      coordinates: await registrationPosition(),
    };
    updateForm({ pendingRegistration: pending });
    const today = appDay(new Date(pending.timestamp));
    try {
      const body = leadRegisterBody({ form, action, catalogues, registration: pending, today, withoutCodes });
      await succeed(form, await registerLead(body, pending.idempotencyKey), null);
    } catch (error) {
      if (error instanceof UnknownCatalogueEntry) {
        updateForm({ pendingRegistration: null });
        return show({ kind: 'error', description: pl.errors.ofCode('error_unknown_asset_brand_model'), code: null });
      }
      if (!(error instanceof ApiError) || endsSession(error)) throw error;
      if (error.code !== null && isIcErrorCode(error.code)) {
        // spec §4: the loyalty club failed, the registration stands (its id and beacon in the details).
        const details = error.details as LeadIcErrorDetails;
        return succeed(form, { id: details.lead.id, bc: details.bc }, error.code);
      }
      // Not answered (the connection, or the first try still running): the retry repeats this request.
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

  /** `withoutCodes`: the test action's 'Zarejestruj bez kodów'. */
  async function register(withoutCodes = false): Promise<void> {
    const form = currentForm();
    if (running.current || !form) return;
    const violation = testAction ? null : sendRuleViolation(form.data);
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
