import type {
  ConsentTextAnswer,
  MgmConfirmResponse,
  MgmInvitation,
  MgmMaybeJoinResponse,
  MgmUpdateBody,
  MgmValidateResponse,
} from '@promotor/contract';
import { api, ApiError, dataOf } from '../../../lib/api-client.ts';

// spec §7 /mgm/*; the consent texts the opt-in form shows come from the webform's catalogues (decision 065),
// the same texts and versions the server records with the consents (decision 070).

export const maybeJoin = (): Promise<MgmMaybeJoinResponse> => api.call('mgmMaybeJoin').then(dataOf);

export const validateConsumer = (emailAddress: string): Promise<MgmValidateResponse> =>
  api.call('mgmValidateConsumer', { consumer: { emailAddress } }).then(dataOf);

export const updateConsumer = (consumer: MgmUpdateBody['consumer'], idempotencyKey: string): Promise<{ uuid: string }> =>
  api.call('mgmUpdateConsumer', { consumer }, { idempotencyKey }).then(dataOf);

/** The code the consumer read out from her SMS: her consents become hers, and her brand is told (decision 079). */
export const confirmConsumer = (emailAddress: string, otp: string, idempotencyKey: string): Promise<MgmConfirmResponse> =>
  api.call('mgmConfirmConsumer', { consumer: { emailAddress, otp } }, { idempotencyKey }).then(dataOf);

/** spec §7: data[0] is used. */
export const inviteConsumer = (emailAddress: string, idempotencyKey: string): Promise<MgmInvitation> =>
  api.call('mgmInviteConsumer', { consumer: { emailAddress } }, { idempotencyKey }).then(({ data, meta }) => {
    const [invitation] = data;
    if (!invitation) throw new ApiError('unexpected', null, meta.ts);
    return invitation;
  });

/** The texts of the four marketing consents the opt-in form asks for. */
export const loadConsentTexts = (): Promise<ConsentTextAnswer[]> =>
  api.call('webformCatalogues').then(({ data }) => data.catalogues.consents);
