import { api } from '../../../lib/api-client.ts';

// spec §7 /voucher/*; 'Generuj kody' is /voucher/generate (decision 056). A redemption goes through the
// outbox (submit/), never straight from here, so that it is not lost without a connection.

export const listVoucherBatches = (eventUuid: string) =>
  api.call('voucherBatches', { event: { uuid: eventUuid } }).then(({ data }) => data.batches);

export const listVouchers = (batchUuid: string) =>
  api.call('voucherVouchers', { batch: { uuid: batchUuid } }).then(({ data }) => data.vouchers);

/** Assigns her further codes of the batch; an empty pool answers E_INSUFFICIENT_AMOUNT_IN_DB. */
export const generateVouchers = (batchUuid: string) =>
  api.call('voucherGenerate', { batch: { uuid: batchUuid } }).then(({ data }) => data.vouchers);
