import type { Voucher, VoucherBatch } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: vouchers (batches, vouchers); §4: selecting a batch stores its id. Kept in
// localStorage so that the popups still open, with her codes, when the connection is gone
// (docs/decisions/058-vouchers-in-the-app.md). Types only: the store is in the entry chunk.
export type VouchersState = {
  /** The batches of each event she had an action of started (spec §4), by event uuid. */
  batches: Record<string, VoucherBatch[]>;
  /** Her codes of the selected batch as last loaded, given or not (the popup lists the unredeemed). */
  vouchers: Voucher[];
  /** The batch chosen last: `vouchers` are always its codes. */
  selectedBatchUuid: string | null;
};

export type VouchersSlice = { vouchers: VouchersState };

const initialVouchersState: VouchersState = { batches: {}, vouchers: [], selectedBatchUuid: null };

export const createVouchersSlice: SliceCreator<VouchersSlice> = () => ({ vouchers: initialVouchersState });
