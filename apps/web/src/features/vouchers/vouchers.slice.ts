import type { Voucher, VoucherBatch } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: vouchers (batches, vouchers); §4: selecting a batch stores its id. Kept in
// localStorage so that the popups still open, with her codes, when the connection is gone
// (docs/decisions/058-vouchers-in-the-app.md, 074). Types only: the store is in the entry chunk.
export type VouchersState = {
  /** The batches of each event of her actions of today and those started (spec §4), by event uuid. */
  batches: Record<string, VoucherBatch[]>;
  /**
   * Her codes of each batch as last loaded, given or not (the popup lists the unredeemed), by batch
   * uuid: loaded for every batch of those events at login, so a batch never opened still has its codes
   * without a connection (decision 074).
   */
  codes: Record<string, Voucher[]>;
  /** The batch chosen last. */
  selectedBatchUuid: string | null;
};

export type VouchersSlice = { vouchers: VouchersState };

const initialVouchersState: VouchersState = { batches: {}, codes: {}, selectedBatchUuid: null };

// A state saved before codes were kept by batch (one `vouchers` list) is merged over this one
// (store/create-app-store.ts): it starts with no codes kept, and the load at login fills them.
export const createVouchersSlice: SliceCreator<VouchersSlice> = () => ({ vouchers: initialVouchersState });

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    vouchers: VouchersSlice;
  }
}
