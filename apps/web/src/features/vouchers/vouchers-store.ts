import type { Voucher, VoucherBatch } from '@promotor/contract';
import { createRequest, type Request } from '../../lib/requests/index.ts';
import { useAppStore } from '../../store/app-store.ts';
import { listVoucherBatches, listVouchers } from './api/vouchers.api.ts';

// The vouchers slice's writers and the requests that fill it (spec §4 Vouchers; decision 049). Failures
// are shown in the popups themselves (their Polish text and 'Spróbuj ponownie'), not as toasts: the
// batches also load in the background, where a toast would say nothing she asked for.

const setVouchers = (change: Partial<ReturnType<typeof useAppStore.getState>['vouchers']>) =>
  useAppStore.setState((state) => ({ vouchers: { ...state.vouchers, ...change } }));

export function storeBatches(eventUuid: string, batches: VoucherBatch[]): void {
  setVouchers({ batches: { ...useAppStore.getState().vouchers.batches, [eventUuid]: batches } });
}

/** spec §4: selecting a batch stores its id; the codes of another batch are cleared before its load. */
export function selectBatch(batchUuid: string): void {
  const { selectedBatchUuid } = useAppStore.getState().vouchers;
  // The same batch again keeps its codes while they reload: without a connection she can still give them.
  if (selectedBatchUuid !== batchUuid) setVouchers({ selectedBatchUuid: batchUuid, vouchers: [] });
}

/** Her codes of the batch; an answer for a batch no longer selected is dropped. */
export function storeVouchers(batchUuid: string, vouchers: Voucher[]): void {
  if (useAppStore.getState().vouchers.selectedBatchUuid === batchUuid) setVouchers({ vouchers });
}

/** The server's answer to a redemption: those codes are given (until the reload says so too). */
export function storeRedeemed(batchUuid: string, redeemed: readonly Voucher[]): void {
  const { selectedBatchUuid, vouchers } = useAppStore.getState().vouchers;
  if (selectedBatchUuid !== batchUuid) return;
  const byUuid = new Map(redeemed.map((voucher) => [voucher.uuid, voucher]));
  setVouchers({ vouchers: vouchers.map((voucher) => byUuid.get(voucher.uuid) ?? voucher) });
}

/** One shared request per key (an event's batches, a batch's codes): calls under way are joined. */
function requestsBy(make: (key: string) => Request): (key: string) => Request {
  const requests = new Map<string, Request>();
  return (key) => {
    let request = requests.get(key);
    if (!request) requests.set(key, (request = make(key)));
    return request;
  };
}

export const batchesRequest = requestsBy((eventUuid) =>
  createRequest({ call: () => listVoucherBatches(eventUuid), onSuccess: (batches) => storeBatches(eventUuid, batches) }),
);

export const vouchersRequest = requestsBy((batchUuid) =>
  createRequest({ call: () => listVouchers(batchUuid), onSuccess: (vouchers) => storeVouchers(batchUuid, vouchers) }),
);
