import { sql } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { approvedReport } from '../../db/report-results.ts';
import { promoterInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The back office's view of the voucher batches (issue 24): counts per batch and per promoter.

/** Each batch with its codes in total, in its pool and handed to any promoter, of one event or all. */
export function batchTotals(db: Db, eventIdent: string | undefined) {
  let q = db
    .selectFrom('voucher_batches as b')
    .innerJoin('events as e', 'e.id', 'b.event_id')
    .leftJoin('vouchers as v', 'v.batch_id', 'b.id')
    .select((eb) => [
      'b.id',
      'b.ident',
      'e.id as event_id',
      'e.ident as event_ident',
      'e.name as event_name',
      eb.fn.count<number | string>('v.id').as('total'),
      eb.fn.sum<number | string | null>(sql`case when v.id is not null and v.assigned_to is null then 1 else 0 end`).as('in_pool'),
      eb.fn.count<number | string>('v.assigned_to').as('assigned_all'),
    ])
    .groupBy(['b.id', 'b.ident', 'e.id', 'e.ident', 'e.name'])
    .orderBy('e.ident')
    .orderBy('b.ident');
  if (eventIdent) q = q.where('e.ident', '=', eventIdent);
  return q.execute();
}

/**
 * Per batch and promoter: codes handed to her and redeemed; only promoters within the scope. `approvedOnly`
 * (the brand's viewer, lib/client-view.ts): redeemed counts only codes of approved reports.
 */
export function promoterCounts(db: Db, batchIds: string[], scope: TerritoryScope, approvedOnly = false) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vouchers as v')
    .innerJoin('users as u', 'u.id', 'v.assigned_to')
    .where('v.batch_id', 'in', batchIds)
    .where(promoterInScope('u.id', scope))
    .select((eb) => [
      'v.batch_id',
      'u.id',
      'u.ident',
      'u.firstname',
      'u.lastname',
      eb.fn.countAll<number | string>().as('assigned'),
      eb.fn
        .sum<number | string | null>(
          sql`case when v.redeemed_at is not null and ${approvedReport('v.redeemed_action_id', 'v.redeemed_by', approvedOnly)} then 1 else 0 end`,
        )
        .as('redeemed'),
    ])
    .groupBy(['v.batch_id', 'u.id', 'u.ident', 'u.firstname', 'u.lastname'])
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .execute();
}
