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

/**
 * spec §4: selecting a batch stores its id. Its codes are kept by batch (decision 074), so the list she
 * sees is always that batch's own: its kept codes show (also without a connection) while they reload.
 */
export function selectBatch(batchUuid: string): void {
  setVouchers({ selectedBatchUuid: batchUuid });
}

/** Her codes of the batch, as the server listed them. */
export function storeVouchers(batchUuid: string, vouchers: Voucher[]): void {
  setVouchers({ codes: { ...useAppStore.getState().vouchers.codes, [batchUuid]: vouchers } });
}

/** The server's answer to a redemption: those codes are given (until the reload says so too). */
export function storeRedeemed(batchUuid: string, redeemed: readonly Voucher[]): void {
  const kept = useAppStore.getState().vouchers.codes[batchUuid];
  if (!kept) return;
  const byUuid = new Map(redeemed.map((voucher) => [voucher.uuid, voucher]));
  storeVouchers(
    batchUuid,
    kept.map((voucher) => byUuid.get(voucher.uuid) ?? voucher),
  );
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

/**
 * Keeps on the phone the batches of the events and her codes of each (decision 074): called with the
 * events of her actions of today when her list arrives (at login), so she can give codes of a batch
 * she never opened without a connection. Failures stay silent: the popups say them when she opens them.
 */
export async function keepCodesOfEvents(eventUuids: readonly string[]): Promise<void> {
  await Promise.all(
    eventUuids.map(async (eventUuid) => {
      if (!(await batchesRequest(eventUuid).run())) return;
      const batches = useAppStore.getState().vouchers.batches[eventUuid] ?? [];
      await Promise.all(batches.map((batch) => vouchersRequest(batch.uuid).run()));
    }),
  );
}
