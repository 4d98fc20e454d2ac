import type { Voucher } from '@promotor/contract';
import { create } from 'zustand';

// Which voucher popup is open (spec §2 Action detail popups, Header): not persisted — after a reload
// no popup is open. Both entry points (the header's coupon icon, 'Kody promocyjne' on the action's
// detail) only call openVoucherPicker(); the one popup host (components/voucher-popups.tsx), mounted
// with the header, shows what this says.

export type VoucherPopupStep = 'batches' | 'codes' | 'confirm';

/** The action whose codes she gives: its redemptions are queued behind its start (decision 074). */
export type VoucherAction = { uuid: string; event: { uuid: string } };

type PopupsState = {
  step: VoucherPopupStep | null;
  /** The event whose batches the picker lists (kept while a popup animates out). */
  eventUuid: string | null;
  /** The action she runs (started, or its start waiting in the outbox): a redemption's outbox group. */
  actionUuid: string | null;
  /** The code 'Wydaj' asked about. */
  voucher: Voucher | null;
};

export const useVoucherPopups = create<PopupsState>(() => ({ step: null, eventUuid: null, actionUuid: null, voucher: null }));

/** Opens the category picker 'Wybierz kategorię:' for the event of the action she runs. */
export const openVoucherPicker = (action: VoucherAction) =>
  useVoucherPopups.setState({ step: 'batches', eventUuid: action.event.uuid, actionUuid: action.uuid, voucher: null });

/** 'Zmień kategorię': back to the picker of the same action. */
export const showVoucherPicker = () => useVoucherPopups.setState({ step: 'batches', voucher: null });

export const showVoucherCodes = () => useVoucherPopups.setState({ step: 'codes' });

export const askToRedeem = (voucher: Voucher) => useVoucherPopups.setState({ step: 'confirm', voucher });

export const closeVoucherPopups = () => useVoucherPopups.setState({ step: null });
