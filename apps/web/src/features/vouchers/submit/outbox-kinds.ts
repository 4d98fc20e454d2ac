import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The outbox kind of the vouchers feature (docs/decisions/058-vouchers-in-the-app.md): a redemption
// waits in the outbox until the server answers, so a code can be given without a connection. Its
// group is the batch; it goes only after her older items of other groups (a check-in still waiting
// must reach the server first, and her later check-out waits for it in turn). app/outbox-kinds.ts
// imports this module, so the kind is registered before anything of hers waiting can be sent.

export const redeemKind = registerOutboxKind('voucher-redeem', {
  route: 'voucherRedeem',
  failureMessage: pl.vouchers.redeemFailed,
  failureMessageByCode: { E_WRONG_ACTION_STATUS: pl.vouchers.redeemNotStarted },
  waitsForOtherGroups: true,
});
