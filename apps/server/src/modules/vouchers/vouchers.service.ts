import type { Voucher, VoucherBatch, VoucherBatchesBody, VoucherRedeemBody, VouchersBody, VoucherTopUpBody } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { lockPromoter } from '../../db/lock-promoter.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import * as repo from './vouchers.repository.ts';

export type VouchersDeps = { db: Db; now: () => Date; timezone: string; topUpSize: number };

/**
 * How far ahead of the server's clock a redemption's dateTime may be: the phone's clock, which stamps
 * it, may run a little fast; more than that is no clock drift (decision 056).
 */
export const REDEMPTION_CLOCK_TOLERANCE_MS = 5 * 60_000;

/** A wall-clock 'YYYY-MM-DD HH:mm:ss' moved by `ms`, as text arithmetic on the clock's face (no zone). */
const wallPlus = (wall: string, ms: number) => {
  const iso = new Date(Date.parse(`${wall.replace(' ', 'T')}Z`) + ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};

const toVoucher = (v: { id: string; ident: string; redeemed_date_time: string | null }): Voucher => ({
  uuid: v.id,
  ident: v.ident,
  redeemed: v.redeemed_date_time === null ? null : { dateTime: v.redeemed_date_time },
});

/** The batch, if its event is one she works on; another promoter's batch is never revealed to exist. */
async function requireBatch(db: Db, caller: CallerUser, batchId: string) {
  const batch = await repo.findBatchOfHerEvent(db, caller.userId, batchId);
  if (!batch) throw new AppError('E_VOUCHER_BATCH_NOT_FOUND');
  return batch;
}

// spec §7 /voucher/batches; §4: loaded for an event she works on, also before she starts (an action
// started globally), so any action of hers in the event that she has not cancelled will do.
export async function batches(deps: VouchersDeps, caller: CallerUser, body: VoucherBatchesBody): Promise<VoucherBatch[]> {
  if (!(await repo.worksOnEvent(deps.db, caller.userId, body.event.uuid))) throw new AppError('E_EVENT_NOT_FOUND');
  const rows = await repo.listBatches(deps.db, body.event.uuid);
  return rows.map((b) => ({ uuid: b.id, ident: b.ident }));
}

// spec §7 /voucher/vouchers: her codes of the batch, given or not (the app lists the unredeemed).
export async function vouchers(deps: VouchersDeps, caller: CallerUser, body: VouchersBody): Promise<Voucher[]> {
  const batch = await requireBatch(deps.db, caller, body.batch.uuid);
  return (await repo.listHerVouchers(deps.db, caller.userId, batch.id)).map(toVoucher);
}

// spec §7 /voucher/top-up and 'Generuj kody' (/voucher/generate, decision 056): a further set of the
// pool's codes becomes hers, only while she works the event (spec §6: vouchers when started), and only
// once she has none of the batch left to give (spec §2: 'Brak dostępnych kodów', then 'Generuj kody';
// decision 074). The check and the take are one transaction with her row locked, so a retry whose
// first answer was lost, or her second phone, cannot take a second set.
export async function topUp(deps: VouchersDeps, caller: CallerUser, body: VoucherTopUpBody): Promise<Voucher[]> {
  const batch = await requireBatch(deps.db, caller, body.batch.uuid);
  if (!(await repo.findStartedActionInEvent(deps.db, caller.userId, batch.event_id))) throw new AppError('E_WRONG_ACTION_STATUS');
  const taken = await deps.db.transaction().execute(async (trx) => {
    await lockPromoter(trx, caller.userId);
    if (await repo.holdsUnredeemed(trx, caller.userId, batch.id)) throw new AppError('E_VOUCHERS_LEFT');
    return repo.takeFromPool(trx, { userId: caller.userId, batchId: batch.id, count: deps.topUpSize, at: deps.now().toISOString() });
  });
  // Fewer than asked for is still a top-up; none at all is the spec's "not enough codes".
  if (taken.length === 0) throw new AppError('E_INSUFFICIENT_AMOUNT_IN_DB');
  return taken.map((v) => toVoucher({ ...v, redeemed_date_time: null }));
}

// spec §7 /voucher/redeem (decision 056): judged by redemption.dateTime, since a redemption made
// offline arrives later; all the codes or none.
export async function redeem(deps: VouchersDeps, caller: CallerUser, body: VoucherRedeemBody): Promise<Voucher[]> {
  const { db } = deps;
  const batch = await requireBatch(db, caller, body.batch.uuid);
  const dateTime = body.redemption.dateTime;
  const now = deps.now();
  if (dateTime > toWallClock(new Date(now.getTime() + REDEMPTION_CLOCK_TOLERANCE_MS), deps.timezone)) {
    throw new AppError('E_REDEMPTION_IN_FUTURE');
  }
  const ids = [...new Set(body.vouchers.map((v) => v.uuid))];
  const codes = await repo.findHerCodes(db, caller.userId, batch.id, ids);
  if (codes.length !== ids.length) throw new AppError('E_VOUCHER_NOT_FOUND');

  // Her check-in is stamped by the server's clock, the code by her phone's: a phone running a little slow
  // stamps a code given right after the check-in before it. The same tolerance as above, the other way.
  const slowest = wallPlus(dateTime, REDEMPTION_CLOCK_TOLERANCE_MS);
  const runs = await repo.herRunsInEvent(db, caller.userId, batch.event_id, dateTime, `${slowest.slice(0, 10)} 23:59:59`);
  const during = (r: repo.HerRun, at: string) => r.start <= at && (r.end === null || dateTime <= r.end);
  // A run it falls in by the clocks as they are comes first: the tolerance must not move a code given
  // during one action to the next one. Only a recorded check-in has a clock to drift from.
  const run = runs.find((r) => during(r, dateTime)) ?? runs.find((r) => r.checkedIn && during(r, slowest));
  if (!run) throw new AppError('E_WRONG_ACTION_STATUS');

  if (codes.some((c) => c.redeemed_at !== null)) throw new AppError('E_VOUCHER_ALREADY_REDEEMED');
  const markAll = async (q: Db) => {
    const marked = await repo.redeem(q, {
      userId: caller.userId,
      batchId: batch.id,
      ids,
      at: now.toISOString(),
      dateTime,
      actionId: run.actionId,
    });
    // Another request (her second phone, a retry without its key) gave one of them meanwhile.
    if (marked !== ids.length) throw new AppError('E_VOUCHER_ALREADY_REDEEMED');
  };
  // One code (what the app sends) is one conditional UPDATE, atomic by itself; as a lone write it shares
  // its COMMIT with the writes around it (decision 053) instead of running alone as a transaction.
  // Several codes are all or none: a transaction, rolled back when any was given meanwhile.
  if (ids.length === 1) await markAll(db);
  else await db.transaction().execute(markAll);
  const byId = new Map(codes.map((c) => [c.id, c]));
  return ids.map((id) => toVoucher({ ...byId.get(id)!, redeemed_date_time: dateTime }));
}
