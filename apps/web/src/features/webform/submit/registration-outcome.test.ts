import { UnknownCatalogueEntry } from '@promotor/contract/lead-items';
import { describe, expect, it } from 'vitest';
import * as pl from '../../../i18n/pl.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { buildCatalogues } from '../test/offers-test-kit.ts';
import { filledConsumer, startedAction } from '../test/webform-test-kit.tsx';
import type { WebformForm } from '../webform.slice.ts';
import { newForm, UNTICKED_CONSENTS } from '../webform-store.ts';
import { leadRegisterBody } from './lead-body.ts';
import { registrationOutcome } from './registration-outcome.ts';

const t = pl.webform;
const action = startedAction();

/** Her step 3 as sent: verified, both codes typed, with these values. */
function sentForm(values: Partial<WebformForm['data']> = {}): WebformForm {
  const base = newForm(action, { ident: 'anna' });
  const data = { ...base.data, ...filledConsumer(), otp: '123456', otpEmail: '654321', recieptURL: '', ...values };
  return { ...base, step: 3, verified: true, areOffersChosen: true, data };
}

const sentBody = (form: WebformForm, withoutCodes = false) =>
  leadRegisterBody({
    form,
    action,
    catalogues: buildCatalogues(),
    registration: { timestamp: Date.parse('2026-03-05T10:00:00Z'), coordinates: { latitude: null, longitude: null } },
    today: '2026-03-05',
    withoutCodes,
  });

const refusal = (code: string) => new ApiError('api', code, 'ts-42', undefined, 409);
const lead = { id: 'lead-1', bc: 'BC-7K2M9QX4PA' };

describe('what a refused registration leads to', () => {
  const form = sentForm();
  const codesCleared = { ...form.data, otp: '', otpEmail: '' };

  it.each([
    // The codes are spent by any answer but the body's shape (decision 067): she fetches new ones.
    ['error_device_not_found', pl.errors.ofCode('error_device_not_found')],
    ['error_device_already_registered', pl.errors.ofCode('error_device_already_registered')],
    ['error_consumer_multiple_found', pl.errors.ofCode('error_consumer_multiple_found')],
    ['error_asset_unavailable', pl.errors.ofCode('error_asset_unavailable')],
    ['error_product_unavailable', pl.errors.ofCode('error_product_unavailable')],
    ['ASSET:CREATION_ERROR', pl.errors.ofCode('ASSET:CREATION_ERROR')],
    ['PRODUCT_INTEREST:CREATION_ERROR', pl.errors.ofCode('PRODUCT_INTEREST:CREATION_ERROR')],
    ['error_unknown_asset_brand_model', pl.errors.ofCode('error_unknown_asset_brand_model')],
    ['error_m2_exception', pl.errors.ofCode('error_m2_exception')],
    // Not one of spec §8's registration errors: 'form submission error' and what the code says.
    ['E_RATE_LIMITED', `${t.submitFailed} ${pl.errors.ofCode('E_RATE_LIMITED')}`],
    // An attempt kept by an older app, its key used with another body: she may be registered.
    ['E_IDEMPOTENCY_KEY_REUSED', t.attemptUnknown],
  ])('%s: she stays on step 3, without her codes, told %j', (code, description) => {
    expect(registrationOutcome(form, { error: refusal(code) })).toEqual({
      change: { data: codesCleared },
      modal: { kind: 'error', description, code: 'ts-42' },
    });
  });

  it.each(['error_wrong_otp', 'error_wrong_otp_email'])('%s: back to the codes, unverified, offers unchosen', (code) => {
    expect(registrationOutcome(form, { error: refusal(code) })).toEqual({
      step: 1,
      change: { verified: false, areOffersChosen: false, data: codesCleared },
      modal: { kind: 'error', description: pl.errors.ofCode(code), code: 'ts-42' },
    });
  });

  it('E_VALIDATION (maybe the body shape) keeps her codes', () => {
    expect(registrationOutcome(form, { error: refusal('E_VALIDATION') })).toEqual({
      change: { data: form.data },
      modal: { kind: 'error', description: registrationErrorMessageOf('E_VALIDATION'), code: 'ts-42' },
    });
  });

  it('E_CONSENT_TEXT_CHANGED loads the consent texts again and unticks every consent', () => {
    expect(registrationOutcome(form, { error: refusal('E_CONSENT_TEXT_CHANGED') })).toEqual({
      reloadCatalogues: true,
      change: { data: { ...codesCleared, ...UNTICKED_CONSENTS } },
      modal: { kind: 'error', description: t.consentsChanged, code: 'ts-42' },
    });
  });
});

const registrationErrorMessageOf = (code: string) => `${t.submitFailed} ${pl.errors.ofCode(code)}`;

describe('what a registration without an answer leads to: the form stays as it is', () => {
  const form = sentForm();

  it.each([
    ['a lost connection', new ApiError('network', null), { kind: 'error', description: t.network, code: null }],
    [
      'the first try still running',
      refusal('E_IDEMPOTENCY_IN_PROGRESS'),
      { kind: 'error', description: pl.errors.ofCode('E_IDEMPOTENCY_IN_PROGRESS'), code: null },
    ],
    [
      "a gateway's page",
      new ApiError('unexpected', null, 'ts-43', undefined, 502),
      { kind: 'error', description: t.submitFailed, code: 'ts-43' },
    ],
    ['a failure of the app', new TypeError('x is undefined'), { kind: 'error', description: t.submitFailed, code: null }],
    [
      'a choice the catalogue lacks (nothing sent)',
      new UnknownCatalogueEntry('Glo model Hyper X3'),
      { kind: 'error', description: pl.errors.ofCode('error_unknown_asset_brand_model'), code: null },
    ],
  ])('%s', (_what, error, modal) => {
    expect(registrationOutcome(form, { error })).toEqual({ modal });
  });

  it('an answer that ended her session: nothing is said here (the login page says why)', () => {
    expect(registrationOutcome(form, { error: new ApiError('api', 'E_UNAUTHORIZED', 'ts-1', undefined, 401) })).toEqual({});
    expect(registrationOutcome(form, { error: new ApiError('ended', null) })).toEqual({});
  });
});

describe('what a registration leads to', () => {
  it('step 4, her codes and receipt spent; the receipt and the Glo burn are queued', () => {
    const form = sentForm({
      recieptURL: 'receipt-1',
      selectedOffers: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP', serialNumber: ' GLO123 ' } },
    });
    const outcome = registrationOutcome(form, { registered: { lead, icCode: null }, sent: sentBody(form) });

    expect(outcome.queue).toEqual({ lead, gloSerial: 'GLO123', recieptURL: 'receipt-1', sandbox: false });
    expect(outcome.step).toBe(4);
    expect(outcome.change).toMatchObject({ isSuccess: true, lead, pendingRegistration: null, icError: null });
    expect(outcome.change?.data).toMatchObject({ otp: '', otpEmail: '', recieptURL: '' });
    expect(outcome.modal).toBeUndefined();
  });

  it('the loyalty club failed: registered all the same, the club said failed', () => {
    const form = sentForm({ selectedOffers: { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true } });
    const outcome = registrationOutcome(form, {
      registered: { lead, icCode: 'error_ic_registration_failed' },
      sent: sentBody(form),
    });

    expect(outcome.step).toBe(4);
    expect(outcome.change).toMatchObject({
      icConsentStatus: 'failed',
      icError: { code: 'error_ic_registration_failed', message: pl.errors.ofCode('error_ic_registration_failed') },
    });
  });

  it("the test action's registration without codes is a sandbox: nothing to burn", () => {
    const form = sentForm({ otp: '', otpEmail: '' });
    const outcome = registrationOutcome(form, { registered: { lead, icCode: null }, sent: sentBody(form, true) });

    expect(outcome.queue?.sandbox).toBe(true);
    expect(outcome.change?.icConsentStatus).toBe('not-chosen');
  });
});
