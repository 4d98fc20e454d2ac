import type { LeadRegisterBody, LeadRegisterMeta } from '@promotor/contract';
import type { WebformValues } from '@promotor/contract/rules';
import { api } from '../../../lib/api-client.ts';

// spec §7 Webform API and the catalogues call (decision 065). /lead/verify and /lead/register carry the
// header Sf-Bypassed: true (§7; decision 063: accepted, not required). The registration is sent directly,
// not through the outbox: its answer decides the next screen (decision 068).

const SF_BYPASSED = { 'Sf-Bypassed': 'true' } as const;

/**
 * spec §9 process name. Written here rather than imported: the contract's constants module lives in the
 * entry chunk, and every constant a page imports from it is bundled there, at the login page's cost;
 * the contract's z.literal types check that the two agree.
 */
export const PROCESS = 'TOURPLANNER';

type Contact = Pick<WebformValues, 'emailAddress' | 'numberPrefix' | 'mobileNumber'>;

/** spec §7: the prefix and the number together ('+48600123456'). */
export const fullNumber = ({ numberPrefix, mobileNumber }: Contact) => `${numberPrefix}${mobileNumber}`;

export const fetchCatalogues = () => api.call('webformCatalogues').then(({ data }) => data);

/** spec §7 /lead/otp: a code by e-mail and another by SMS; the loyalty-club consent is not asked yet. */
export const sendCodes = (contact: Contact) =>
  api.call('leadOtp', {
    lead: {
      process: PROCESS,
      emailAddress: contact.emailAddress.trim(),
      mobileNumber: fullNumber(contact),
      consent: { inspirationClub: false },
    },
  });

/** spec §7 /lead/verify; '' codes on the special test action only (spec §2). */
export const verifyCodes = (data: Contact & Pick<WebformValues, 'otp' | 'otpEmail'>, eventIdent: string) =>
  api
    .call(
      'leadVerify',
      {
        lead: {
          process: PROCESS,
          emailAddress: data.emailAddress.trim(),
          otpEmail: data.otpEmail,
          mobileNumber: fullNumber(data),
          mobileNumberNoPrefix: data.mobileNumber,
          otp: data.otp,
          eventIdent,
          phoneVerified: false,
          consent: { inspirationClub: false },
        },
      },
      { headers: SF_BYPASSED },
    )
    .then(({ data: answer }) => answer);

/** spec §7 /lead/register: data.lead.id and meta.bc (the beacon the receipt carries). */
export async function registerLead(body: LeadRegisterBody, idempotencyKey: string): Promise<{ id: string; bc: string }> {
  const { data, meta } = await api.call('leadRegister', body, { idempotencyKey, headers: SF_BYPASSED });
  return { id: data.lead.id, bc: String((meta as Partial<LeadRegisterMeta>).bc ?? '') };
}
