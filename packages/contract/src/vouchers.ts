import { z } from 'zod';
import { VOUCHER_REDEEM_MAX } from './constants.ts';
import { DateTimeString } from './common.ts';

// spec §3 Voucher batch (category), Voucher, Redemption; §7 /voucher/*.
const Ref = z.object({ uuid: z.string().min(1).max(64) });

export const VoucherBatch = z.object({ uuid: z.string(), ident: z.string() });
export type VoucherBatch = z.infer<typeof VoucherBatch>;

export const Redemption = z.object({ dateTime: DateTimeString });
export type Redemption = z.infer<typeof Redemption>;

/** `redeemed` is null while the code is unused, else when she gave it (her phone's wall clock, §9). */
export const Voucher = z.object({ uuid: z.string(), ident: z.string(), redeemed: Redemption.nullable() });
export type Voucher = z.infer<typeof Voucher>;

// /voucher/batches: the batches of an event she works on.
export const VoucherBatchesBody = z.object({ event: Ref });
export type VoucherBatchesBody = z.infer<typeof VoucherBatchesBody>;
export const VoucherBatchesResponse = z.object({ batches: z.array(VoucherBatch) });
export type VoucherBatchesResponse = z.infer<typeof VoucherBatchesResponse>;

// /voucher/vouchers: her codes of one batch, given or not.
export const VouchersBody = z.object({ batch: Ref });
export type VouchersBody = z.infer<typeof VouchersBody>;
export const VouchersResponse = z.object({ vouchers: z.array(Voucher) });
export type VouchersResponse = z.infer<typeof VouchersResponse>;

// /voucher/top-up and /voucher/generate (decision 056): assign her further unassigned codes of the batch.
export const VoucherTopUpBody = z.object({ batch: Ref });
export type VoucherTopUpBody = z.infer<typeof VoucherTopUpBody>;
/** The codes just assigned to her. */
export const VoucherTopUpResponse = z.object({ vouchers: z.array(Voucher) });
export type VoucherTopUpResponse = z.infer<typeof VoucherTopUpResponse>;

// /voucher/redeem: each code at most once; judged by redemption.dateTime (decision 056).
export const VoucherRedeemBody = z.object({
  redemption: Redemption,
  batch: Ref,
  vouchers: z.array(Ref).min(1).max(VOUCHER_REDEEM_MAX),
});
export type VoucherRedeemBody = z.infer<typeof VoucherRedeemBody>;
/** The codes as given by this call. */
export const VoucherRedeemResponse = z.object({ vouchers: z.array(Voucher) });
export type VoucherRedeemResponse = z.infer<typeof VoucherRedeemResponse>;
