import type { Voucher } from '@promotor/contract';
import { create } from 'zustand';

// Which voucher popup is open (spec §2 Action detail popups, Header): not persisted — after a reload
// no popup is open. Both entry points (the header's coupon icon, 'Kody promocyjne' on the action's
// detail) only call openVoucherPicker(); the one popup host (components/voucher-popups.tsx), mounted
// with the header, shows what this says.

export type VoucherPopupStep = 'batches' | 'codes' | 'confirm';

type PopupsState = {
  step: VoucherPopupStep | null;
  /** The event whose batches the picker lists (kept while a popup animates out). */
  eventUuid: string | null;
  /** The code 'Wydaj' asked about. */
  voucher: Voucher | null;
};

export const useVoucherPopups = create<PopupsState>(() => ({ step: null, eventUuid: null, voucher: null }));

/** Opens the category picker 'Wybierz kategorię:' for the event of her started action. */
export const openVoucherPicker = (eventUuid: string) => useVoucherPopups.setState({ step: 'batches', eventUuid, voucher: null });

export const showVoucherCodes = () => useVoucherPopups.setState({ step: 'codes' });

export const askToRedeem = (voucher: Voucher) => useVoucherPopups.setState({ step: 'confirm', voucher });

export const closeVoucherPopups = () => useVoucherPopups.setState({ step: null });
