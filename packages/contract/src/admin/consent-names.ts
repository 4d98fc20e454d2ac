import type { RecordedConsentField } from './consumers.ts';

/**
 * Each recorded consent's short Polish name (the consumer reads the full texts; these name them in the
 * back office's lists and in the consent proof's PDF). One list for both: issue 33, a person never reads
 * a field name. The record type forces a name for every field.
 */
export const CONSENT_NAMES = {
  ageVerified: 'Pełnoletność (18+)',
  personalDataRegistrationAuthorisation: 'Przetwarzanie danych w celu rejestracji',
  // No text of its own: given with the registration authorisation, whose text it records.
  personalDataHandling: 'Przetwarzanie danych osobowych',
  externalCompaniesAuthorization: 'Udostępnianie danych partnerom',
  newsletterCommercialAuthorization: 'Informacje handlowe e-mailem',
  mobileOptIn: 'Informacje handlowe SMS-em',
  socialMediaOptIn: 'Reklamy w mediach społecznościowych',
  hypercareOptIn: 'Kontakt telefoniczny w sprawie urządzenia',
  inspirationClub: 'Inspiration Club',
  // MGM's e-mail opt-in, given with the newsletter consent's text (decision 079).
  emailOptIn: 'Kontakt e-mailowy (polecenia MGM)',
} as const satisfies Record<RecordedConsentField, string>;
