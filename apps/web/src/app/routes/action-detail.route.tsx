import type { Action } from '@promotor/contract';
import { ActionDetailScreen } from '../../features/actions/components/action-pages.tsx';
import { openVoucherPicker } from '../../features/vouchers/index.ts';

// 'Kody promocyjne' opens the same popups as the header's coupon icon; their host is mounted with the header.
const openVouchers = (action: Action) => openVoucherPicker(action);

/** /akcja/:actionId (spec §2 Action detail). The app joins the two features: the page gets the voucher popups. */
export function ActionDetailRoute() {
  return <ActionDetailScreen onOpenVouchers={openVouchers} />;
}
