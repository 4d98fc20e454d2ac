import { newCode, newId } from '../lib/crypto.ts';
import type { Db } from '../db/kysely.ts';
import type { VoucherTable } from '../db/schema.ts';
import { ensureBatch, insertVouchers } from '../modules/vouchers/vouchers.repository.ts';

// Demo voucher codes (issue 9): the brand's batches of an event, each with a pool of codes and the
// codes handed to the demo promoters, some of them already given to consumers.

/** The batches of a demo event, by ident (the category picker's buttons), with each one's code prefix. */
export const DEMO_VOUCHER_BATCHES = [
  { ident: 'glo hyper X2', prefix: 'GLO' },
  { ident: 'velo 2 saszetki', prefix: 'VELO' },
  { ident: 'vuse go', prefix: 'VUSE' },
] as const;

type BatchIdent = (typeof DEMO_VOUCHER_BATCHES)[number]['ident'];

/** Codes of one batch: `pool` unassigned, and per promoter how many she holds and how many she gave. */
type BatchPlan = { pool: number; holders: { userId: string; codes: number; redeemed: number }[] };

type Redemption = { dateTime: string; actionId: string };

const codeOf = (prefix: string) => `${prefix}-${newCode(8)}`;

/**
 * The last finished action of hers in the event: her given codes are dated one hour into it, so that
 * the codes read as given while she worked (the redemption rule of decision 056).
 */
async function lastFinishedAction(db: Db, eventId: string, userId: string): Promise<Redemption | null> {
  const row = await db
    .selectFrom('actions as a')
    .innerJoin('action_assignments as s', 's.action_id', 'a.id')
    .where('a.event_id', '=', eventId)
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'finished')
    .orderBy('a.since', 'desc')
    .select(['a.id', 'a.since'])
    .executeTakeFirst();
  if (!row) return null;
  const hour = String(Number(row.since.slice(11, 13)) + 1).padStart(2, '0');
  return { actionId: row.id, dateTime: `${row.since.slice(0, 11)}${hour}${row.since.slice(13)}` };
}

async function insertCodes(db: Db, batch: { eventId: string; batchId: string; prefix: string }, plan: BatchPlan, at: Date): Promise<void> {
  const rows: VoucherTable[] = [];
  const code = (over: Partial<VoucherTable>): VoucherTable => ({
    id: newId(),
    batch_id: batch.batchId,
    ident: codeOf(batch.prefix),
    assigned_to: null,
    assigned_at: null,
    redeemed_at: null,
    redeemed_by: null,
    redeemed_date_time: null,
    redeemed_action_id: null,
    ...over,
  });
  for (let i = 0; i < plan.pool; i++) rows.push(code({}));
  for (const h of plan.holders) {
    const given = h.redeemed > 0 ? await lastFinishedAction(db, batch.eventId, h.userId) : null;
    for (let i = 0; i < h.codes; i++) {
      const redeemed = given && i < h.redeemed;
      rows.push(
        code({
          assigned_to: h.userId,
          assigned_at: at.toISOString(),
          ...(redeemed
            ? {
                redeemed_at: at.toISOString(),
                redeemed_by: h.userId,
                redeemed_date_time: given.dateTime,
                redeemed_action_id: given.actionId,
              }
            : {}),
        }),
      );
    }
  }
  await insertVouchers(db, rows);
}

async function seedBatches(db: Db, eventId: string, plans: Record<BatchIdent, BatchPlan>, at: Date): Promise<void> {
  for (const b of DEMO_VOUCHER_BATCHES) {
    const { id: batchId } = await ensureBatch(db, eventId, b.ident);
    await insertCodes(db, { eventId, batchId, prefix: b.prefix }, plans[b.ident], at);
  }
}

/**
 * The demo event's batches: 'glo hyper X2' and 'velo 2 saszetki' with codes for Anna (her started
 * action's event, so the popups show codes on the first visit; a few given during her last finished
 * action) and Piotr; 'vuse go' with a pool only, so that 'Brak dostępnych kodów' and 'Generuj kody' show.
 */
export async function seedDemoVouchers(db: Db, o: { eventId: string; anna: string; piotr: string; now: Date }): Promise<void> {
  await seedBatches(
    db,
    o.eventId,
    {
      'glo hyper X2': {
        pool: 30,
        holders: [
          { userId: o.anna, codes: 6, redeemed: 2 },
          { userId: o.piotr, codes: 4, redeemed: 1 },
        ],
      },
      'velo 2 saszetki': {
        pool: 30,
        holders: [
          { userId: o.anna, codes: 4, redeemed: 1 },
          { userId: o.piotr, codes: 3, redeemed: 0 },
        ],
      },
      'vuse go': { pool: 20, holders: [] },
    },
    o.now,
  );
}

/**
 * For `npm run seed -- --actions-for EMAIL` (training, e2e tests): in the event of her fresh day, five
 * unredeemed codes of 'glo hyper X2' and three of 'velo 2 saszetki' are hers, none of 'vuse go', whose
 * pool gets ten more codes so that 'Generuj kody' has something to hand out.
 */
export async function seedPromoterVouchers(db: Db, o: { eventId: string; userId: string; now: Date }): Promise<void> {
  await seedBatches(
    db,
    o.eventId,
    {
      'glo hyper X2': { pool: 0, holders: [{ userId: o.userId, codes: 5, redeemed: 0 }] },
      'velo 2 saszetki': { pool: 0, holders: [{ userId: o.userId, codes: 3, redeemed: 0 }] },
      'vuse go': { pool: 10, holders: [] },
    },
    o.now,
  );
}
