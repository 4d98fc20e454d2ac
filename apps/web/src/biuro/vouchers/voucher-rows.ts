import * as pl from '../../i18n/pl.ts';
import type { VoucherEvent } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';

/** One line of the vouchers table: a batch's totals, then one line per promoter holding its codes. */
export type VoucherRow = {
  id: string;
  event: string;
  batch: string;
  promoter: string;
  total: number | null;
  inPool: number | null;
  assigned: number;
  /** Handed to promoters outside her territories: a batch's line only (Kody = W puli + Przydzielone + this). */
  assignedToOthers: number | null;
  redeemed: number;
};

export const VOUCHERS_VIEW: TableViewSpec<'wydarzenie'> = {
  filters: ['wydarzenie'],
  defaultSort: [{ id: 'wydarzenie', desc: false }],
  sortable: ['wydarzenie', 'partia', 'promotor', 'przydzielone', 'wydane'],
};

export function voucherRows(events: VoucherEvent[]): VoucherRow[] {
  return events.flatMap((event) =>
    event.batches.flatMap((batch) => [
      {
        id: batch.uuid,
        event: event.ident,
        batch: batch.ident,
        promoter: pl.biuro.vouchers.allPromoters,
        total: batch.total,
        inPool: batch.inPool,
        assigned: batch.assigned,
        assignedToOthers: batch.assignedToOthers,
        redeemed: batch.redeemed,
      },
      ...batch.promoters.map((promoter) => ({
        id: `${batch.uuid}/${promoter.uuid}`,
        event: event.ident,
        batch: batch.ident,
        promoter: `${promoter.firstname} ${promoter.lastname} (${promoter.ident})`,
        total: null,
        inPool: null,
        assigned: promoter.assigned,
        assignedToOthers: null,
        redeemed: promoter.redeemed,
      })),
    ]),
  );
}
