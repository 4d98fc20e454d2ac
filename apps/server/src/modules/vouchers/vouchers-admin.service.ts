import type { AdminVoucherBatchesBody, AdminVoucherBatchesResponse, AdminVoucherImportResponse } from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import type { TerritoryScope } from '../../db/territory-scope.ts';
import { actorHolds, type Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../../plugins/audit-trail.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientView } from '../../lib/client-view.ts';
import { ImportError, importParsedCodes, parseCodes } from './voucher-import.ts';
import * as repo from './vouchers-admin.repository.ts';

// /api/admin/vouchers/batches and /import (issue 24). The import is the admin command's (decision 056):
// the same parser and the same writes, here with the audit entry in its transaction.

export type VouchersAdminCaller = { scope: TerritoryScope; actor: Actor };
export type VouchersAdminDeps = { db: Db; now: () => Date };

export async function voucherBatches(
  deps: VouchersAdminDeps,
  caller: VouchersAdminCaller,
  body: z.output<typeof AdminVoucherBatchesBody>,
): Promise<AdminVoucherBatchesResponse> {
  const totals = await repo.batchTotals(deps.db, body.event?.ident);
  const counts = await repo.promoterCounts(
    deps.db,
    totals.map((b) => b.id),
    caller.scope,
    clientView(caller.actor).approvedOnly,
  );
  // The brand's viewer (client) gets the counts, never promoters' data (decision 085): no per-promoter rows.
  const seesPromoters = actorHolds(caller.actor, 'promoters.read');
  const events = new Map<string, AdminVoucherBatchesResponse['events'][number]>();
  for (const b of totals) {
    const event = events.get(b.event_id) ?? { uuid: b.event_id, ident: b.event_ident, name: b.event_name, batches: [] };
    events.set(b.event_id, event);
    const promoters = counts
      .filter((c) => c.batch_id === b.id)
      .map((c) => ({
        uuid: c.id,
        ident: c.ident,
        firstname: c.firstname,
        lastname: c.lastname,
        assigned: Number(c.assigned),
        redeemed: Number(c.redeemed ?? 0),
      }));
    // One scope for the tiles (issue 33 item 2, decision 112): Kody = W puli + Przydzielone (her
    // promoters) + Przydzielone innym (promoters outside her territories; none for who sees everywhere).
    const assigned = promoters.reduce((n, p) => n + p.assigned, 0);
    event.batches.push({
      uuid: b.id,
      ident: b.ident,
      total: Number(b.total),
      inPool: Number(b.in_pool ?? 0),
      assigned,
      assignedToOthers: Number(b.assigned_all) - assigned,
      redeemed: promoters.reduce((n, p) => n + p.redeemed, 0),
      promoters: seesPromoters ? promoters : [],
    });
  }
  return { events: [...events.values()] };
}

/** A file the command would refuse is 422 E_VOUCHER_IMPORT_INVALID with the command's Polish message. */
export async function importVouchers(
  deps: VouchersAdminDeps,
  caller: VouchersAdminCaller,
  o: { eventIdent: string; batchIdent: string; file: Buffer },
): Promise<AdminVoucherImportResponse> {
  try {
    const codes = await parseCodes(o.file);
    return await deps.db.transaction().execute(async (trx) => {
      const result = await importParsedCodes(trx, { eventIdent: o.eventIdent, batchIdent: o.batchIdent, codes });
      await recordAudit(trx, deps.now(), {
        actor: caller.actor,
        verb: 'vouchers.import',
        object: { type: 'voucher_batch', id: result.batchId },
        details: { event: o.eventIdent, batch: o.batchIdent, added: result.added, skipped: result.skipped },
      });
      return { added: result.added, skipped: result.skipped, batchCreated: result.batchCreated };
    });
  } catch (error) {
    if (error instanceof ImportError) throw new AppError('E_VOUCHER_IMPORT_INVALID', undefined, { message: error.message });
    throw error;
  }
}
