import { z } from 'zod';
import { mgmEmailRules } from './rules/mgm.rules.ts';
import { ruledString } from './zod-rules.ts';

// spec §2 Member-get-member, §3 Member-get-member state, §4 its status values, §5 MGM, §7 /mgm/* (issue 12).
// The referral tool: she checks a consumer by e-mail, records the consumer's marketing consents when
// they are missing, and invites the consumer by SMS; every invitation earns her points, and her balance
// and ranking among promoters come from the server. Which codes lead to which status: decision 070.

/**
 * spec §5 MGM: the same rule as the /mgm form's, so the server refuses exactly what the form would
 * ('Nieprawidłowy adres email') and checks whatever it lets through (the registry answers not-found).
 */
const EmailAddress = ruledString(mgmEmailRules);

/** Her points and her place among promoters (1 = most points). */
export const MgmRanking = z.object({ balance: z.number().int().min(0), position: z.number().int().min(0) });
export type MgmRanking = z.infer<typeof MgmRanking>;

// /mgm/maybe-join: no body.
export const MgmMaybeJoinResponse = z.object({
  /** Whether she may use the referral tool now (the rule: decision 070). */
  mayJoin: z.boolean(),
  ranking: MgmRanking,
});
export type MgmMaybeJoinResponse = z.infer<typeof MgmMaybeJoinResponse>;

// /mgm/validate-consumer: the consumer with this e-mail. Refusals drive §4's statuses: 404
// E_CONSUMER_NOT_FOUND (not-found), E_NO_CONSENTS (no-consents or opt-in-request, by its details),
// E_ALREADY_MEMBER, E_NO_PRODUCTS.
export const MgmValidateBody = z.object({ consumer: z.object({ emailAddress: EmailAddress }) });
export type MgmValidateBody = z.infer<typeof MgmValidateBody>;
export const MgmValidateResponse = z.object({
  /** An opaque id of this check (§3 token uuid); never the consumer's data. */
  uuid: z.string(),
  /** The brand the consumer is registered with (§3 mgm_user.brand). */
  brand: z.string(),
});
export type MgmValidateResponse = z.infer<typeof MgmValidateResponse>;

/**
 * data.details of E_NO_CONSENTS: the brand the consents are asked for (update-consumer's body needs it)
 * and why — 'missing': no marketing consent on record (§4 no-consents); 'outdated': given to a consent
 * text that has changed since, so it must be confirmed again (§4 opt-in-request). Decision 070.
 */
export const MgmNoConsentsDetails = z.object({ brand: z.string(), consents: z.enum(['missing', 'outdated']) });
export type MgmNoConsentsDetails = z.infer<typeof MgmNoConsentsDetails>;

// /mgm/update-consumer: the consumer's marketing consents, recorded as consent records (channel 'mgm').
export const MgmUpdateBody = z.object({
  consumer: z.object({
    mobileOptIn: z.boolean(),
    /** spec §7: always true. */
    emailOptIn: z.literal(true),
    hypercareOptIn: z.boolean(),
    socialMediaOptIn: z.boolean(),
    emailAddress: EmailAddress,
    brand: z.string().trim().min(1).max(40),
    /** spec §5: required ('Zaznacz wymagane zgody'). */
    newsletterCommercialAuthorization: z.literal(true),
    /** spec §7: the hostess (her ident). */
    lastModifiedSource: z.string().trim().min(1).max(64),
  }),
});
export type MgmUpdateBody = z.infer<typeof MgmUpdateBody>;
export const MgmUpdateResponse = z.object({ uuid: z.string() });
export type MgmUpdateResponse = z.infer<typeof MgmUpdateResponse>;

// /mgm/invite-consumer: an SMS with a link to the consumer; the app reads data[0].
export const MgmInviteBody = z.object({ consumer: z.object({ emailAddress: EmailAddress }) });
export type MgmInviteBody = z.infer<typeof MgmInviteBody>;
export const MgmInvitation = z.object({
  uuid: z.string(),
  /** The points this invitation earned her. */
  points: z.number().int().min(0),
  /** Her ranking after it. */
  ranking: MgmRanking,
});
export type MgmInvitation = z.infer<typeof MgmInvitation>;
export const MgmInviteResponse = z.array(MgmInvitation).length(1);
export type MgmInviteResponse = z.infer<typeof MgmInviteResponse>;
