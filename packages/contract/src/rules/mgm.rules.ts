import { ruleMessages as m } from './messages.ts';
import { firstError, type Rule } from './rule.ts';
import { emailAddressRules } from './webform.rules.ts';

// spec §5 MGM: the consumer's e-mail and the consent confirmation of the member-get-member flow (§4).
// Zod-free, like every rule here: the /mgm page checks with these before it calls the server.

/** spec §5 MGM: a standard e-mail pattern (the webform's), else 'Nieprawidłowy adres email' — also when empty. */
export const mgmEmailRules: readonly Rule[] = [(value) => (firstError(emailAddressRules, value.trim()) === null ? null : m.invalidEmail)];

/** The marketing consents the opt-in form confirms (spec §3 Member-get-member state). */
export type MgmConsents = {
  newsletterCommercialAuthorization: boolean;
  mobileOptIn: boolean;
  socialMediaOptIn: boolean;
  hypercareOptIn: boolean;
};

/** spec §5 MGM: the consent confirmation needs newsletterCommercialAuthorization, else 'Zaznacz wymagane zgody'. */
export const mgmRequiredConsentRules: readonly Rule<boolean>[] = [(ticked) => (ticked ? null : m.consentsRequired)];
