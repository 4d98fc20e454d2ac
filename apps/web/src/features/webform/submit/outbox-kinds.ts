import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The webform's outbox kinds (spec §7 /action/receipt/create and /device/burn, §8 Other; decision 068).
// Both follow a registration the server has accepted, so they need no order across groups: the
// registration was sent directly (its answer decides the next screen), these are what may wait for a
// connection. app/outbox-kinds.ts imports this module, so the kinds are registered before anything of
// hers waiting can be sent or its refusal shown.

/** The receipt photo with the registration's lead id and beacon; E_MISSING_LEAD_ID is tolerated (§8). */
export const receiptKind = registerOutboxKind('webform-receipt', {
  route: 'actionReceiptCreate',
  failureMessage: pl.webform.receiptFailed,
  toleratedCodes: ['E_MISSING_LEAD_ID'],
});

/** spec §7: fire and forget — a refusal is only logged; through the outbox so that it is not lost. */
export const deviceBurnKind = registerOutboxKind('device-burn', { route: 'deviceBurn', failureMessage: null });
