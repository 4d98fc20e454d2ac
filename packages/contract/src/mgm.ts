import { z } from 'zod';
import { mgmEmailRules } from './rules/mgm.rules.ts';
import { otpRules } from './rules/webform.rules.ts';
import { ruledString } from './zod-rules.ts';

// spec §2 Member-get-member, §3 Member-get-member state, §4 its status values, §5 MGM, §7 /mgm/* (issue 12).
// The referral tool: she checks a consumer by e-mail, enters the consumer's marketing consents when
// they are missing — pending until the consumer confirms them with the code sent to her by SMS — and
// invites the consumer by SMS; every invitation earns her points, and her balance and ranking among
// promoters come from the server. Which codes lead to which status: decisions 070 and 079.

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
// E_CONSUMER_NOT_FOUND (not-found), E_ALREADY_MEMBER, E_NO_PRODUCTS, E_NO_CONSENTS (no-consents),
// E_CONSENTS_OUTDATED (opt-in-request). None carries details: her brand and her consents are told only
// after she has confirmed with a code (decision 079).
export const MgmValidateBody = z.object({ consumer: z.object({ emailAddress: EmailAddress }) });
export type MgmValidateBody = z.infer<typeof MgmValidateBody>;
export const MgmValidateResponse = z.object({
  /** An opaque id of this check (§3 token uuid); never the consumer's data. */
  uuid: z.string(),
});
export type MgmValidateResponse = z.infer<typeof MgmValidateResponse>;

// /mgm/update-consumer: the consumer's marketing consents as the promoter entered them; they wait for the
// consumer's confirmation (/mgm/confirm-consumer), for which the server sends her a code by SMS.
export const MgmUpdateBody = z.object({
  consumer: z.object({
    mobileOptIn: z.boolean(),
    /** spec §7: always true. */
    emailOptIn: z.literal(true),
    hypercareOptIn: z.boolean(),
    socialMediaOptIn: z.boolean(),
    emailAddress: EmailAddress,
    /**
     * spec §7's field, kept; optional and not checked: the app learns her brand only after her
     * confirmation, and a check would tell her brand to whoever guesses it (decision 079).
     */
    brand: z.string().trim().max(40).optional(),
    /** spec §5: required ('Zaznacz wymagane zgody'). */
    newsletterCommercialAuthorization: z.literal(true),
    /** spec §7: the hostess (her ident). */
    lastModifiedSource: z.string().trim().min(1).max(64),
  }),
});
export type MgmUpdateBody = z.infer<typeof MgmUpdateBody>;
export const MgmUpdateResponse = z.object({ uuid: z.string() });
export type MgmUpdateResponse = z.infer<typeof MgmUpdateResponse>;

// /mgm/confirm-consumer (ours, decision 079): the code the consumer was sent, which turns the consents
// entered for her into her consent records. Only then are her brand and the invitation told.
export const MgmConfirmBody = z.object({ consumer: z.object({ emailAddress: EmailAddress, otp: ruledString(otpRules) }) });
export type MgmConfirmBody = z.infer<typeof MgmConfirmBody>;
export const MgmConfirmResponse = z.object({
  uuid: z.string(),
  /** The brand the consumer is registered with (§3 mgm_user.brand), told once she has confirmed. */
  brand: z.string(),
});
export type MgmConfirmResponse = z.infer<typeof MgmConfirmResponse>;

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
