import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The outbox kind of the vouchers feature (docs/decisions/058-vouchers-in-the-app.md, 074): a
// redemption waits in the outbox until the server answers, so a code can be given without a
// connection. Its group is the action she gives it in (the action's uuid, the group of its answers,
// photos and check-in): the outbox sends a group strictly in order, so a redemption goes after that
// action's start still waiting on the phone, and before her check-out queued later. app/outbox-kinds.ts
// imports this module, so the kind is registered before anything of hers waiting can be sent.

export const redeemKind = registerOutboxKind('voucher-redeem', {
  route: 'voucherRedeem',
  failureMessage: pl.vouchers.redeemFailed,
  failureMessageByCode: { E_WRONG_ACTION_STATUS: pl.vouchers.redeemNotStarted },
});
