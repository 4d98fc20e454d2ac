import type { Action, LeadIcErrorDetails, WebformCatalogues } from '@promotor/contract';
import { isIcErrorCode } from '@promotor/contract/lead-items';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client.ts';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { registerLead } from '../api/webform.api.ts';
import type { PendingRegistration, WebformForm } from '../webform.slice.ts';
import { leadRegisterBody } from './lead-body.ts';
import { registrationPosition } from './position.ts';

// One registration attempt (spec §5 Registration, §7 /lead/register; decision 068): its key and its
// body are made once and kept in the form until the server answers, so every retry is the same request.

/** E_IDEMPOTENCY_IN_PROGRESS: the first try still runs on the server; asked again after this long… */
export const IN_PROGRESS_WAIT_MS = 1000;
/** …up to this many requests in all, then she is told to wait and send it again. */
export const IN_PROGRESS_TRIES = 3;

export type AttemptInput = {
  form: Pick<WebformForm, 'data' | 'verified' | 'trace'>;
  action: Action;
  catalogues: WebformCatalogues;
  withoutCodes: boolean;
};

/**
 * A new attempt: a new Idempotency-Key and the whole body, with this moment (the devices' purchase
 * date, the Vuse Go timestamp) and her position. Throws the contract's UnknownCatalogueEntry for a
 * choice the catalogue lacks.
 */
export async function newAttempt({ form, action, catalogues, withoutCodes }: AttemptInput): Promise<PendingRegistration> {
  const timestamp = Date.now();
  const coordinates = await registrationPosition();
  const today = appDay(new Date(timestamp));
  const body = leadRegisterBody({ form, action, catalogues, registration: { timestamp, coordinates }, today, withoutCodes });
  return { idempotencyKey: newIdempotencyKey(), body };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The lead the server registered; `icCode`: the loyalty club failed, the registration stands (spec §4). */
export type RegisteredLead = { lead: { id: string; bc: string }; icCode: string | null };

/**
 * Sends the attempt as it was made; while the server says its first try still runs, waits and asks
 * again. A loyalty club's failure is a registration (its id and beacon in the details).
 */
export async function sendAttempt({ idempotencyKey, body }: PendingRegistration): Promise<RegisteredLead> {
  for (let tries = 1; ; tries += 1) {
    try {
      return { lead: await registerLead(body, idempotencyKey), icCode: null };
    } catch (error) {
      if (error instanceof ApiError && error.code !== null && isIcErrorCode(error.code)) {
        const details = error.details as LeadIcErrorDetails;
        return { lead: { id: details.lead.id, bc: details.bc }, icCode: error.code };
      }
      const running = error instanceof ApiError && error.code === 'E_IDEMPOTENCY_IN_PROGRESS';
      if (!running || tries >= IN_PROGRESS_TRIES) throw error;
      await pause(IN_PROGRESS_WAIT_MS);
    }
  }
}
