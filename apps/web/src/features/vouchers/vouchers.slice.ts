import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: vouchers (batches, vouchers); §4: selecting a batch stores its id.
export type VouchersState = {
  batches: unknown[];
  vouchers: unknown[];
  selectedBatchUuid: string | null;
};

export type VouchersSlice = { vouchers: VouchersState };

const initialVouchersState: VouchersState = { batches: [], vouchers: [], selectedBatchUuid: null };

export const createVouchersSlice: SliceCreator<VouchersSlice> = () => ({ vouchers: initialVouchersState });
