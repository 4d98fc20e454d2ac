import { z } from 'zod';
import { OTP_LENGTH, WEBFORM_FORM_IDENT, WEBFORM_PROCESS } from './constants.ts';
import { WEBFORM_CONSENTS } from './catalogues.ts';
import { emailAddressRules } from './rules/webform.rules.ts';
import { ruledString } from './zod-rules.ts';
// zod-free helpers the web app loads at run time live in lead-items.ts (isTestActionName, IC_ERROR_CODES).

// spec §7 Webform API: /lead/otp and /lead/verify (the consumer registration, issue 11). The §5 rules of
// step 0 and step 1 with their Polish messages live zod-free in rules/webform.rules.ts; the bodies
// here check the shape and the limits the server needs; /lead/register's body is checked again with those
// rules by the server (decision 067).
// The phone prefixes of the step 0 dropdown are a catalogue (catalogues.ts), not repeated here.

/** spec §4: the offers a verification speaks of (a new consumer gets all of them enabled). */
export const VERIFICATION_OFFERS = ['Glo', 'Vuse', 'Vype', 'Neo', 'Velo', 'Epok', 'InspirationClub'] as const;
export type VerificationOffer = (typeof VERIFICATION_OFFERS)[number];

const Process = z.literal(WEBFORM_PROCESS);
// The form's own rule (§5 step 0, 'Podany adres e-mail jest nieprawidłowy.'), not zod's stricter one: an
// address the form accepts (żaneta@…, jan..kowalski@…) must not be refused by the server.
const EmailAddress = ruledString(emailAddressRules);
/** The prefix and the number together, e.g. '+48600123456' (spec §7). */
const MobileNumber = z.string().regex(/^\+\d{6,19}$/);
const Code = z.string().length(OTP_LENGTH);
/**
 * A code, or '' on the special test action (spec §2: a started action whose name contains exp1707 verifies
 * and registers without codes; the server accepts '' only there, decision 067).
 */
const CodeOrBypass = z.union([Code, z.literal('')]);

// /lead/otp: a code by e-mail and another by SMS.
export const LeadOtpBody = z.object({
  lead: z.object({
    process: Process,
    emailAddress: EmailAddress,
    mobileNumber: MobileNumber,
    consent: z.object({ inspirationClub: z.boolean() }).partial().optional(),
  }),
});
export type LeadOtpBody = z.infer<typeof LeadOtpBody>;

// /lead/verify (header Sf-Bypassed: true): both codes, and what the consumer may be offered.
export const LeadVerifyBody = z.object({
  lead: z
    .object({
      process: Process,
      emailAddress: EmailAddress,
      otpEmail: CodeOrBypass,
      mobileNumber: MobileNumber,
      mobileNumberNoPrefix: z.string().regex(/^\d{4,15}$/),
      otp: CodeOrBypass,
      eventIdent: z.string().min(1).max(64),
      phoneVerified: z.boolean().optional(),
      consent: z.object({ inspirationClub: z.boolean() }).partial().optional(),
    })
    // The two spellings of one number (spec §7) must agree: the codes were sent to mobileNumber.
    .refine((lead) => lead.mobileNumber.endsWith(lead.mobileNumberNoPrefix), {
      path: ['mobileNumberNoPrefix'],
      message: 'mobileNumberNoPrefix is not the end of mobileNumber',
    }),
});
export type LeadVerifyBody = z.infer<typeof LeadVerifyBody>;

// One offer's group of checks (decision 063 names them). Closed objects, not records: the answer is
// written by the fast writer from this schema and must say exactly what it declares (decision 052).
const AssetChecks = z.object({ assetAvailable: z.boolean(), singleConsumer: z.boolean() });
const ProductChecks = z.object({ productAvailable: z.boolean(), singleConsumer: z.boolean() });
const ClubChecks = z.object({ notMember: z.boolean(), singleConsumer: z.boolean() });
export const VerificationChecks = z.object({
  Glo: AssetChecks,
  Vuse: AssetChecks,
  Vype: AssetChecks,
  Neo: ProductChecks,
  Velo: ProductChecks,
  Epok: ProductChecks,
  InspirationClub: ClubChecks,
}) satisfies z.ZodType<Record<VerificationOffer, Record<string, boolean>>>;
export type VerificationChecks = z.infer<typeof VerificationChecks>;

/**
 * A known consumer's verification: per offer a group of checks (the app collapses each group to true
 * only if all are true, spec §4), whether the Glo Pro offer applies (the webform-available-modal), and
 * sfVerificationBypassed. An unknown consumer is the error error_m2_not_found_in_salesforce instead.
 */
export const LeadVerifyResponse = z.object({
  verification: VerificationChecks,
  Glo_Pro: z.boolean(),
  sfVerificationBypassed: z.boolean(),
});
export type LeadVerifyResponse = z.infer<typeof LeadVerifyResponse>;

// ---------- /lead/register (header Sf-Bypassed: true) ----------

const Text = (max: number) => z.string().trim().max(max);
const Sku = z.string().trim().min(1).max(40);

/** spec §3 Asset item (lead-items.ts builds it; the server recomputes it). */
export const LeadAssetItem = z.strictObject({
  brand: z.enum(['Glo', 'Vuse']),
  colour: Text(120),
  taste: Text(120).optional(),
  status: z.literal('Active'),
  purchaseDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  model: Text(120),
  type: z.literal('Sold'),
  storeId: Text(64).nullable(),
  tourPlan: Text(64),
  assetSource: Sku,
  deviceName: Text(200),
  serialNumber: Text(64).optional(),
});

/** spec §3 Product interest item. */
export const LeadProductInterestItem = z.strictObject({
  sku: Sku,
  status: z.literal('Trial'),
  unitOfMeasure: z.literal('Can'),
  name: Text(120),
  tourPlan: Text(64),
  brand: z.enum(['Velo', 'Veo', 'Neo']),
});

/** spec §3 selectedOffers as the form holds them (rules/webform.rules.ts SelectedOffers). */
const Choice = Text(120);
export const SelectedOffersSchema = z.strictObject({
  Glo: z
    .strictObject({
      model: Choice,
      color: Choice,
      serialNumber: Text(64).optional(),
      assetSource: Choice,
      samplingOne: Choice.optional(),
      samplingTwo: Choice.optional(),
      samplingThree: Choice.optional(),
      samplingFour: Choice.optional(),
    })
    .optional(),
  Vuse: z.strictObject({ model: Choice, color: Choice, assetSource: Choice }).optional(),
  Velo: z.strictObject({ sampling: Choice }).optional(),
  Neo: z.strictObject({ neoOffers: Choice }).optional(),
  InspirationClub: z.boolean().optional(),
});

/**
 * The consents (spec §3 consent object): each decision as she ticked it (never pre-ticked), plus the
 * always-true personal-data ones of §5 Registration.
 */
export const LeadConsent = z.strictObject({
  ageVerified: z.boolean(),
  personalDataRegistrationAuthorisation: z.boolean(),
  personalDataHandling: z.boolean(),
  externalCompaniesAuthorization: z.boolean(),
  newsletterCommercialAuthorization: z.boolean(),
  mobileOptIn: z.boolean(),
  socialMediaOptIn: z.boolean(),
  hypercareOptIn: z.boolean(),
  inspirationClub: z.boolean(),
});
export type LeadConsent = z.infer<typeof LeadConsent>;

/** Which text of each consent the form showed: the record proves that text (GDPR art. 7(1), decision 067). */
export const ShownConsentText = z.strictObject({
  field: z.enum(WEBFORM_CONSENTS),
  version: z.string().min(1).max(40),
  textHash: z.string().regex(/^[0-9a-f]{64}$/),
});

const Coordinate = (limit: number) => z.number().min(-limit).max(limit).nullable();

/** spec §3 Lead registration payload; selectedOffers and consentTexts are ours (decision 067). */
export const LeadPayload = z.strictObject({
  process: Process,
  otp: CodeOrBypass,
  otpEmail: CodeOrBypass,
  firstName: Text(80),
  lastName: Text(80),
  emailAddress: EmailAddress,
  mobileNumber: MobileNumber,
  mobileNumberNoPrefix: z.string().regex(/^\d{4,15}$/),
  /** The action's ident ('Niepoprawny numer akcji.'): one of her started actions. */
  tourPlan: Text(64),
  /** Her ident ('Niepoprawny kod HST.'): anyone else's is refused. */
  hostessCode: Text(64),
  accountSource: z.literal('Hostess'),
  emailVerificationStatus: z.literal('Verified'),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  /** spec §5 Registration: always sent true. */
  ageVerified: z.literal(true),
  /** The action point registered at (registerLocation on a multi-point action, else its only point): its uuid. */
  pointIdent: Text(64),
  formIdent: z.literal(WEBFORM_FORM_IDENT),
  lastModifiedSource: z.literal('Hostess'),
  /** The consumer category's category (catalogue consumerCategories). */
  category: Text(120),
  /** Its brand; null for 'other'. */
  secondaryBrand: Text(120).nullable(),
  deviceName: Text(200),
  eventIdent: Text(64),
  /** 'YYYY-MM-DD' (date only, spec §5 Registration). */
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  billingPostalCode: z.string().regex(/^\d{2}-\d{3}$/),
  coordinates: z.strictObject({ latitude: Coordinate(90), longitude: Coordinate(180) }),
  brand: Text(40),
  isHoreca: z.boolean(),
  consent: LeadConsent,
  consentTexts: z.array(ShownConsentText).max(20),
  selectedOffers: SelectedOffersSchema,
  assetItems: z.array(LeadAssetItem).max(4),
  productInterestItems: z.array(LeadProductInterestItem).max(8),
});
export type LeadPayload = z.infer<typeof LeadPayload>;

/** spec §3 Webform state trace: when she reached each step, the build, the form's uuid, the Android wrapper. */
export const LeadTrace = z.strictObject({
  steps: z.array(z.strictObject({ step: z.number().int().min(0).max(4), timestamp: z.string().max(40) })).max(200),
  buildNumber: Text(64),
  /** The form's uuid: one per consumer registered. */
  uuid: z.string().min(1).max(64),
  isWebView: z.boolean(),
});
export type LeadTrace = z.infer<typeof LeadTrace>;

export const LeadRegisterBody = z.object({ lead: LeadPayload, trace: LeadTrace });
export type LeadRegisterBody = z.infer<typeof LeadRegisterBody>;

/** data of /lead/register; meta carries bc beside ts (LeadRegisterMeta). */
export const LeadRegisterResponse = z.object({ lead: z.object({ id: z.string() }) });
export type LeadRegisterResponse = z.infer<typeof LeadRegisterResponse>;

/**
 * spec §4, §8: the loyalty-club enrolment failed but the registration is stored. The answer is the error
 * envelope with one of these codes (as the original's clients expect) and data.details = LeadIcErrorDetails,
 * so the app shows step 4 with icError and still sends the receipt with the lead's id and beacon.
 */
export const LeadIcErrorDetails = z.object({ lead: z.object({ id: z.string() }), bc: z.string() });
export type LeadIcErrorDetails = z.infer<typeof LeadIcErrorDetails>;

/** meta of /lead/register: bc, the registration's beacon, which the receipt carries as device.beacon. */
export const LeadRegisterMeta = z.object({ ts: z.string(), bc: z.string() });
export type LeadRegisterMeta = z.infer<typeof LeadRegisterMeta>;

// ---------- /device/burn (fire and forget, only when a Glo serial exists) ----------

export const DeviceBurnBody = z.object({ device: z.object({ serialNumber: z.string().trim().min(1).max(64) }) });
export type DeviceBurnBody = z.infer<typeof DeviceBurnBody>;
