import {
  MIN_BIRTH_DATE,
  MIN_CONSUMER_AGE,
  MIN_NAME_LENGTH,
  OTP_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_PL_DIGITS,
} from '../constants.ts';
import { firstError, maxLength, pattern, required, type Rule } from './rule.ts';
import { webformMessages as m } from './webform-messages.ts';

export { webformMessages } from './webform-messages.ts';

// spec §5 Webform step 0, Step 1, Offers, Consumer form, Send rule; §4 Webform offer rules; §9 limits.
// Pure and zod-free: the web form checks a field on blur with these, and the server's /lead/register
// body runs the same functions (webformErrors) so the two can never disagree. "Today" is always a
// parameter ('YYYY-MM-DD' in the app's zone, wall-clock.ts `wallDay`): no clock is read here.

/**
 * The offers a promoter can choose (spec §3 selectedOffers), in the order the rules list them. The same
 * set as catalogues.ts WEBFORM_OFFERS, kept here without zod so the form can use the rules alone.
 */
export const CHOOSABLE_OFFERS = ['Glo', 'Vuse', 'Velo', 'Neo', 'InspirationClub'] as const;
export type ChoosableOffer = (typeof CHOOSABLE_OFFERS)[number];

export type GloSelection = {
  model: string;
  color: string;
  /** Optional: the device's serial number, registered through /device/burn. */
  serialNumber?: string;
  assetSource: string;
  samplingOne?: string;
  samplingTwo?: string;
  samplingThree?: string;
  samplingFour?: string;
};
/** `color` holds the colour, or the flavour for Vuse Go (spec §3 "color or flavour"). */
export type VuseSelection = { model: string; color: string; assetSource: string };
/** One Velo flavour (its SKU), one product-interest item. */
export type VeloSelection = { sampling: string };
/** The Neo offer's value ('0' or '1', spec §3 Catalogues). */
export type NeoSelection = { neoOffers: string };

/** spec §3 selectedOffers: an offer is chosen when its key is present (InspirationClub: when true). */
export type SelectedOffers = {
  Glo?: GloSelection;
  Vuse?: VuseSelection;
  Velo?: VeloSelection;
  Neo?: NeoSelection;
  InspirationClub?: boolean;
};

/** spec §3 Webform data. Text fields are '' until typed; the consents false until ticked (never pre-ticked). */
export type WebformValues = {
  emailAddress: string;
  numberPrefix: string;
  mobileNumber: string;
  otp: string;
  otpEmail: string;
  firstName: string;
  lastName: string;
  tourPlan: string;
  hostessCode: string;
  /** The action point's id; only for actions with more than one point. */
  registerLocation: string;
  category: string;
  deviceName: string;
  /** 'YYYY-MM-DD' or ''. */
  birthDate: string;
  billingPostalCode: string;
  ageVerified: boolean;
  inspirationClub: boolean;
  personalDataRegistrationAuthorisation: boolean;
  externalCompaniesAuthorization: boolean;
  mobileOptIn: boolean;
  socialMediaOptIn: boolean;
  newsletterCommercialAuthorization: boolean;
  hypercareOptIn: boolean;
  /** The receipt photo (spelled so in the spec); '' when none was taken. */
  recieptURL: string;
  isHoreca: boolean;
  selectedOffers: SelectedOffers;
};

/** What the form knows beyond its values. */
export type WebformContext = {
  /** 'YYYY-MM-DD' in the app's time zone. */
  today: string;
  /** The action has more than one action point: the registration location is asked. */
  multiLocation: boolean;
  /** The chosen Glo or Vuse asset source is marked requireAllConsents in the catalogue. */
  sourceRequiresAllConsents: boolean;
};

/** Messages keyed by the value's path, dotted ('selectedOffers.Glo.model'); absent when fine. */
export type WebformErrors = Partial<Record<string, string>>;

// ---------- step 0 ----------

export const emailAddressRules: readonly Rule[] = [
  // A standard pattern: no spaces, one @, a dotted domain ending in at least two characters.
  pattern(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/u, m.invalidEmail),
  maxLength(254, m.invalidEmail), // RFC 5321's limit for a whole address
];

export const numberPrefixRules: readonly Rule[] = [required(m.fieldRequired)];

/** The mobile number without its prefix; for +48 exactly 9 digits stands in for the 4–15 limits. */
export function mobileNumberError(prefix: string, number: string): string | null {
  if (number.trim() === '') return m.fieldRequired;
  if (!/^\d+$/.test(number)) return m.phoneDigitsOnly;
  if (prefix === '+48') return number.length === PHONE_PL_DIGITS ? null : m.phonePlLength;
  if (number.length < PHONE_MIN_DIGITS) return m.phoneTooShort;
  if (number.length > PHONE_MAX_DIGITS) return m.phoneTooLong;
  return null;
}

/**
 * The number as /lead/otp sends it, prefix and digits in one ('+48600123456', spec §7): right when some
 * prefix of the catalogue's dropdown and the digits after it pass mobileNumberError, i.e. exactly when the
 * form could have produced it. Otherwise the message of the longest matching prefix ('+4812345':
 * 'Numer telefonu musi mieć dokładnie 9 cyfr.'), or the prefix's own when none matches.
 */
export function prefixedNumberError(prefixes: readonly string[], prefixed: string): string | null {
  const matching = prefixes.filter((p) => prefixed.startsWith(p)).sort((a, b) => b.length - a.length);
  if (matching.length === 0) return m.fieldRequired;
  const errors = matching.map((p) => mobileNumberError(p, prefixed.slice(p.length)));
  return errors.includes(null) ? null : errors[0]!;
}

// ---------- step 1 ----------

/** Both codes, the SMS one (otp) and the e-mail one (otpEmail). */
export const otpRules: readonly Rule[] = [(value) => (value.length === OTP_LENGTH ? null : m.otpLength)];

// ---------- offers (§5 Offers, §4 Webform) ----------

/** The offers chosen, in the order of CHOOSABLE_OFFERS. */
export const chosenOffers = (selected: SelectedOffers): ChoosableOffer[] =>
  CHOOSABLE_OFFERS.filter((offer) => (offer === 'InspirationClub' ? selected.InspirationClub === true : selected[offer] !== undefined));

/** The offers Neo may be combined with (§5 Offers). */
const NEO_COMPANIONS: readonly ChoosableOffer[] = ['Neo', 'InspirationClub', 'Velo'];

export function offerSelectionError(selected: SelectedOffers): string | null {
  const chosen = chosenOffers(selected);
  if (chosen.length === 0) return m.noOffer;
  if (chosen.length === 1 && chosen[0] === 'InspirationClub') return m.inspirationClubAlone;
  if (chosen.includes('Neo') && chosen.some((offer) => !NEO_COMPANIONS.includes(offer))) return m.neoCombination;
  return null;
}

/**
 * The offers that cannot be newly chosen (§4): with Neo chosen, all but InspirationClub, Neo and Velo;
 * InspirationClub until another offer is chosen. An offer already chosen is never disabled, so she can
 * always untick it.
 */
export function offersDisabledBy(selected: SelectedOffers): ChoosableOffer[] {
  const chosen = chosenOffers(selected);
  return CHOOSABLE_OFFERS.filter((offer) => {
    if (chosen.includes(offer)) return false;
    if (chosen.includes('Neo') && !NEO_COMPANIONS.includes(offer)) return true;
    return offer === 'InspirationClub' && chosen.length === 0;
  });
}

/** §4: choosing Neo drops a chosen Glo or Vuse ("resets Glo or Vuse to Neo only"). */
export function withNeoRule(selected: SelectedOffers): SelectedOffers {
  if (selected.Neo === undefined) return selected;
  const { Glo: _glo, Vuse: _vuse, ...rest } = selected;
  return rest;
}

/** §4: the three-pack Glo source is offered only on actions whose name ends with TT or DA. */
export const showsThreePackSource = (actionName: string): boolean => /(TT|DA)$/.test(actionName.trim());

export const GLO_SOLO_SOURCES = ['GLO solo / POP', 'GLO solo / KASOTERMINAL'] as const;
export const GLO_THREE_PACK_SOURCE = '3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis';

export type GloSamplingField = 'samplingOne' | 'samplingTwo' | 'samplingThree' | 'samplingFour';

/** §5 Offers: which Glo sampling fields a source requires (and the form shows). */
export function gloSamplingFields(assetSource: string): readonly GloSamplingField[] {
  if ((GLO_SOLO_SOURCES as readonly string[]).includes(assetSource)) return [];
  if (assetSource === GLO_THREE_PACK_SOURCE) return ['samplingOne', 'samplingTwo', 'samplingThree', 'samplingFour'];
  return ['samplingOne', 'samplingTwo'];
}

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/** §5 Offers: every chosen offer's fields; keys like 'selectedOffers.Glo.model'. */
export function offerFieldErrors(selected: SelectedOffers): WebformErrors {
  const errors: WebformErrors = {};
  const need = (offer: string, field: string, value: string | undefined) => {
    if (blank(value)) errors[`selectedOffers.${offer}.${field}`] = m.fieldRequired;
  };
  const { Glo, Vuse, Velo, Neo } = selected;
  if (Glo) {
    need('Glo', 'model', Glo.model);
    need('Glo', 'color', Glo.color);
    need('Glo', 'assetSource', Glo.assetSource);
    // Optional, but a serial number given must say something.
    if (Glo.serialNumber !== undefined && Glo.serialNumber.trim() === '') errors['selectedOffers.Glo.serialNumber'] = m.fieldRequired;
    for (const field of gloSamplingFields(Glo.assetSource)) need('Glo', field, Glo[field]);
  }
  if (Vuse) {
    need('Vuse', 'model', Vuse.model);
    need('Vuse', 'color', Vuse.color);
    need('Vuse', 'assetSource', Vuse.assetSource);
  }
  if (Velo) need('Velo', 'sampling', Velo.sampling);
  if (Neo) need('Neo', 'neoOffers', Neo.neoOffers);
  return errors;
}

// ---------- consumer form ----------

export const hostessCodeRules: readonly Rule[] = [required(m.hostessCodeInvalid)];
export const tourPlanRules: readonly Rule[] = [required(m.tourPlanInvalid)];
export const categoryRules: readonly Rule[] = [required(m.fieldRequired)];

// Counted without the spaces around: ' A' is one letter of a name, not two.
const minTrimmed =
  (min: number, message: string): Rule =>
  (value) =>
    value.trim().length < min ? message : null;

export const firstNameRules: readonly Rule[] = [required(m.firstNameRequired), minTrimmed(MIN_NAME_LENGTH, m.firstNameTooShort)];
export const lastNameRules: readonly Rule[] = [required(m.lastNameRequired), minTrimmed(MIN_NAME_LENGTH, m.lastNameTooShort)];
export const billingPostalCodeRules: readonly Rule[] = [pattern(/^\d{2}-\d{3}$/, m.postalCodeInvalid)];

export const registerLocationError = (value: string, multiLocation: boolean): string | null =>
  multiLocation && value.trim() === '' ? m.registerLocationRequired : null;

/** A real calendar day 'YYYY-MM-DD' (not 2001-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The day she turns `years` old. Born on 29 February, it is 28 February in a common year: the Civil
 * Code (art. 112) ends a term in years on the month's last day when the month has no such day.
 */
function anniversary(birthDate: string, years: number): string {
  const year = Number(birthDate.slice(0, 4)) + years;
  const month = Number(birthDate.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(birthDate.slice(8, 10)), lastDay);
  return `${year}-${birthDate.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}

/** §5: born at least 18 years before `today` (so not in the future), not before 1904-01-01. */
export function birthDateError(value: string, today: string): string | null {
  if (!isCalendarDay(value)) return m.birthDateRequired;
  if (value < MIN_BIRTH_DATE) return m.birthDateTooEarly;
  // Dates of one form compare as text.
  if (anniversary(value, MIN_CONSUMER_AGE) > today) return m.underage;
  return null;
}

export type ConsentField =
  | 'ageVerified'
  | 'personalDataRegistrationAuthorisation'
  | 'newsletterCommercialAuthorization'
  | 'inspirationClub'
  | 'mobileOptIn'
  | 'socialMediaOptIn'
  | 'hypercareOptIn';

/** §5 Consumer form: the consents that must be ticked for these offers. */
export function requiredConsents(selected: SelectedOffers, sourceRequiresAllConsents: boolean): ConsentField[] {
  const consents: ConsentField[] = ['ageVerified', 'personalDataRegistrationAuthorisation', 'newsletterCommercialAuthorization'];
  if (selected.InspirationClub === true) consents.push('inspirationClub');
  const gloOrVuseChosen = selected.Glo !== undefined || selected.Vuse !== undefined;
  if ((gloOrVuseChosen && sourceRequiresAllConsents) || selected.Velo !== undefined) {
    consents.push('mobileOptIn', 'socialMediaOptIn', 'hypercareOptIn');
  }
  return consents;
}

/** §5: a receipt photo is needed unless the only offer besides InspirationClub is Velo. */
export function receiptRequired(selected: SelectedOffers): boolean {
  const others = chosenOffers(selected).filter((offer) => offer !== 'InspirationClub');
  return !(others.length === 1 && others[0] === 'Velo');
}

/** Step 3, every field: what the form shows on 'Zarejestruj'. */
export function consumerFormErrors(values: WebformValues, context: WebformContext): WebformErrors {
  const errors: WebformErrors = {};
  const put = (field: string, message: string | null) => {
    if (message !== null) errors[field] = message;
  };
  put('hostessCode', firstError(hostessCodeRules, values.hostessCode));
  put('tourPlan', firstError(tourPlanRules, values.tourPlan));
  put('registerLocation', registerLocationError(values.registerLocation, context.multiLocation));
  put('firstName', firstError(firstNameRules, values.firstName));
  put('lastName', firstError(lastNameRules, values.lastName));
  put('birthDate', birthDateError(values.birthDate, context.today));
  put('billingPostalCode', firstError(billingPostalCodeRules, values.billingPostalCode));
  put('category', firstError(categoryRules, values.category));
  for (const consent of requiredConsents(values.selectedOffers, context.sourceRequiresAllConsents)) {
    if (values[consent] !== true) errors[consent] = m.consentRequired;
  }
  if (receiptRequired(values.selectedOffers) && values.recieptURL.trim() === '') errors.recieptURL = m.receiptRequired;
  return errors;
}

// ---------- send rule and the whole form ----------

/** §5 Send rule: without both codes the registration is not sent; the modal's text, or null. */
export const sendRuleViolation = (codes: { otp: string; otpEmail: string }): string | null =>
  codes.otp.trim() === '' || codes.otpEmail.trim() === '' ? m.codesMissing : null;

/** Every step's rules at once: what /lead/register checks again (the server never trusts the form). */
export function webformErrors(values: WebformValues, context: WebformContext): WebformErrors {
  const errors: WebformErrors = {};
  const put = (field: string, message: string | null) => {
    if (message !== null) errors[field] = message;
  };
  put('emailAddress', firstError(emailAddressRules, values.emailAddress));
  put('numberPrefix', firstError(numberPrefixRules, values.numberPrefix));
  put('mobileNumber', mobileNumberError(values.numberPrefix, values.mobileNumber));
  put('otp', firstError(otpRules, values.otp));
  put('otpEmail', firstError(otpRules, values.otpEmail));
  put('selectedOffers', offerSelectionError(values.selectedOffers));
  return { ...errors, ...offerFieldErrors(values.selectedOffers), ...consumerFormErrors(values, context) };
}
