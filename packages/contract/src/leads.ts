import { z } from 'zod';
import { OTP_LENGTH, WEBFORM_PROCESS } from './constants.ts';

// spec §7 Webform API: /lead/otp and /lead/verify (the consumer registration, issue 11). The §5 rules of
// step 0 and step 1 with their Polish messages live zod-free in rules/webform.rules.ts; the bodies
// here check the shape and the limits the server needs. /lead/register and /device/burn follow.
// The phone prefixes of the step 0 dropdown are a catalogue (catalogues.ts), not repeated here.

/** spec §4: the offers a verification speaks of (a new consumer gets all of them enabled). */
export const VERIFICATION_OFFERS = ['Glo', 'Vuse', 'Vype', 'Neo', 'Velo', 'Epok', 'InspirationClub'] as const;
export type VerificationOffer = (typeof VERIFICATION_OFFERS)[number];

const Process = z.literal(WEBFORM_PROCESS);
const EmailAddress = z.email().max(254);
/** The prefix and the number together, e.g. '+48600123456' (spec §7). */
const MobileNumber = z.string().regex(/^\+\d{6,19}$/);
const Code = z.string().length(OTP_LENGTH);

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
      otpEmail: Code,
      mobileNumber: MobileNumber,
      mobileNumberNoPrefix: z.string().regex(/^\d{4,15}$/),
      otp: Code,
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
