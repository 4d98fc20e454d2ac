import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  leadItemsFor,
  UnknownCatalogueEntry,
  webformErrors,
  type ConsentTextAnswer,
  type FieldIssue,
  type LeadItems,
  type LeadPayload,
  type WebformCatalogues,
  type WebformContext,
  type WebformValues,
} from '@promotor/contract';
import { AppError } from '../../lib/app-error.ts';

// /lead/register's checks that need no database (decision 067): the §5 rules again on the payload, the
// items recomputed from the catalogue, the consent texts shown against the catalogue's, and the beacon.

/** spec §7: `mobileNumber` is the prefix and the number, `mobileNumberNoPrefix` the number alone. */
function prefixOf(lead: Pick<LeadPayload, 'mobileNumber' | 'mobileNumberNoPrefix'>): string | null {
  if (!lead.mobileNumber.endsWith(lead.mobileNumberNoPrefix)) return null;
  return lead.mobileNumber.slice(0, lead.mobileNumber.length - lead.mobileNumberNoPrefix.length);
}

/** The form's values as the payload carries them (spec §3 Webform data ↔ Lead registration payload). */
function webformValuesOf(lead: LeadPayload): WebformValues {
  return {
    emailAddress: lead.emailAddress,
    numberPrefix: prefixOf(lead) ?? '',
    mobileNumber: lead.mobileNumberNoPrefix,
    otp: lead.otp,
    otpEmail: lead.otpEmail,
    firstName: lead.firstName,
    lastName: lead.lastName,
    tourPlan: lead.tourPlan,
    hostessCode: lead.hostessCode,
    // The point registered at is pointIdent (registerLocation on a multi-point action).
    registerLocation: lead.pointIdent,
    category: lead.category,
    deviceName: lead.deviceName,
    birthDate: lead.birthDate,
    billingPostalCode: lead.billingPostalCode,
    ageVerified: lead.consent.ageVerified,
    inspirationClub: lead.consent.inspirationClub,
    personalDataRegistrationAuthorisation: lead.consent.personalDataRegistrationAuthorisation,
    externalCompaniesAuthorization: lead.consent.externalCompaniesAuthorization,
    mobileOptIn: lead.consent.mobileOptIn,
    socialMediaOptIn: lead.consent.socialMediaOptIn,
    newsletterCommercialAuthorization: lead.consent.newsletterCommercialAuthorization,
    hypercareOptIn: lead.consent.hypercareOptIn,
    // Not in the payload: the receipt is sent after the registration (see skipped keys below).
    recieptURL: '',
    isHoreca: lead.isHoreca,
    selectedOffers: lead.selectedOffers,
  };
}

/** Where each form value sits in the body, for E_VALIDATION's paths. */
const CONSENT_KEYS = new Set([
  'ageVerified',
  'inspirationClub',
  'personalDataRegistrationAuthorisation',
  'externalCompaniesAuthorization',
  'mobileOptIn',
  'socialMediaOptIn',
  'newsletterCommercialAuthorization',
  'hypercareOptIn',
]);
const PATH_OF: Partial<Record<string, string>> = {
  numberPrefix: 'mobileNumber',
  mobileNumber: 'mobileNumberNoPrefix',
  registerLocation: 'pointIdent',
};
const bodyPath = (key: string) => `body.lead.${CONSENT_KEYS.has(key) ? `consent.${key}` : (PATH_OF[key] ?? key)}`;

/**
 * The §5 rules of every step on the payload (the server never trusts the form), as E_VALIDATION with
 * each message at its place in the body. Skipped: recieptURL — the receipt photo is sent after the
 * registration, with its lead id (spec §7 /action/receipt/create), so it cannot be required here; and
 * the codes, which the body's shape holds to 5 characters or '' and which are judged as codes
 * (error_wrong_otp, error_wrong_otp_email; '' only on the test action).
 */
export function checkWebformRules(lead: LeadPayload, context: WebformContext): void {
  const errors = webformErrors(webformValuesOf(lead), context);
  const skipped = new Set(['recieptURL', 'otp', 'otpEmail']);
  const issues: FieldIssue[] = Object.entries(errors)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && !skipped.has(entry[0]))
    .map(([key, message]) => ({ path: bodyPath(key), message }));
  // The two spellings of one number must agree (the codes went to mobileNumber).
  if (prefixOf(lead) === null) issues.push({ path: 'body.lead.mobileNumberNoPrefix', message: 'Numer telefonu jest nieprawidłowy.' });
  if (issues.length > 0) throw new AppError('E_VALIDATION', issues);
}

/** The category she chose must be one of the catalogue's (its category and brand together). */
export function checkCategory(
  lead: Pick<LeadPayload, 'category' | 'secondaryBrand'>,
  catalogues: Pick<WebformCatalogues, 'consumerCategories'>,
) {
  const known = catalogues.consumerCategories.some((c) => c.category === lead.category && c.brand === lead.secondaryBrand);
  if (!known) throw new AppError('E_VALIDATION', [{ path: 'body.lead.category', message: 'To pole jest wymagane.' }]);
}

/**
 * §9: a Vuse Go beside a Glo is named 'Vuse Go <flavour> <timestamp>', the timestamp the phone's. The
 * server takes that timestamp from the body's name (the only source of it) and recomputes everything
 * else, so a name of another shape still differs below.
 */
function nameTimestamp(lead: LeadPayload): number | null {
  const vuse = lead.assetItems.find((item) => item.brand === 'Vuse');
  const digits = vuse ? / (\d{1,16})$/.exec(vuse.deviceName)?.[1] : undefined;
  return digits === undefined ? null : Number(digits);
}

export type ItemsContext = { tourPlan: string; storeId: string | null; today: string; yesterday: string; now: Date };

/**
 * The items, brand and deviceName recomputed from selectedOffers and the catalogue (contract
 * lead-items.ts); an entry the catalogue lacks or a body whose items differ is
 * error_unknown_asset_brand_model ("device type error, go back and reselect", spec §8). purchaseDate
 * is today in APP_TIMEZONE, or yesterday for a form sent around midnight.
 */
export function checkItems(lead: LeadPayload, catalogues: WebformCatalogues, context: ItemsContext): LeadItems {
  const sentDate = lead.assetItems[0]?.purchaseDate;
  const purchaseDate = sentDate === context.yesterday ? context.yesterday : context.today;
  let items: LeadItems;
  try {
    items = leadItemsFor(lead.selectedOffers, catalogues, {
      tourPlan: context.tourPlan,
      storeId: context.storeId,
      purchaseDate,
      timestamp: nameTimestamp(lead) ?? context.now.getTime(),
    });
  } catch (error) {
    if (error instanceof UnknownCatalogueEntry) throw new AppError('error_unknown_asset_brand_model');
    throw error;
  }
  const sent = {
    assetItems: lead.assetItems,
    productInterestItems: lead.productInterestItems,
    brand: lead.brand,
    deviceName: lead.deviceName,
  };
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(items)), JSON.parse(JSON.stringify(sent)))) {
    throw new AppError('error_unknown_asset_brand_model');
  }
  return items;
}

/** A consent's record: the decision and the text it was given on (null: not given, text not shown). */
export type ConsentDecision = {
  field: keyof LeadPayload['consent'];
  decision: boolean;
  text: { version: string; textHash: string } | null;
};

/**
 * The consent texts the form showed must be the catalogue's current ones (version and SHA-256, as
 * /webform/catalogues answers them), and a consent given must have had its text shown: otherwise
 * E_CONSENT_TEXT_CHANGED (the app reloads the catalogue and asks again). personalDataHandling has no
 * text of its own: §5 sends it true with the registration authorisation, whose text it records.
 */
export function consentDecisions(
  lead: Pick<LeadPayload, 'consent' | 'consentTexts'>,
  current: readonly ConsentTextAnswer[],
): ConsentDecision[] {
  const changed = lead.consentTexts.filter((shown) => {
    const now = current.find((c) => c.field === shown.field);
    return !now || now.version !== shown.version || now.textHash !== shown.textHash;
  });
  const textOf = (field: string) => {
    const shown = lead.consentTexts.find((c) => c.field === field);
    return shown ? { version: shown.version, textHash: shown.textHash } : null;
  };
  const decisions = (Object.keys(lead.consent) as (keyof LeadPayload['consent'])[]).map((field) => ({
    field,
    decision: lead.consent[field],
    text: textOf(field === 'personalDataHandling' ? 'personalDataRegistrationAuthorisation' : field),
  }));
  const unshown = decisions.filter((d) => d.decision && d.text === null).map((d) => d.field);
  if (changed.length > 0 || unshown.length > 0) {
    throw new AppError('E_CONSENT_TEXT_CHANGED', { fields: [...new Set([...changed.map((c) => c.field), ...unshown])] });
  }
  return decisions;
}

// Crockford's base32: no I, L, O or U, so a beacon read aloud or typed from a receipt is not misread.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** meta.bc: 'BC-' and 10 base32 characters (50 bits) from the CSPRNG; unique in leads (decision 067). */
export function newBeacon(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += BASE32[byte & 31];
  return `BC-${code}`;
}
