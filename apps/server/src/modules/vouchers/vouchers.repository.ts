import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { VoucherTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

/** Her assignments (not cancelled by her) on the actions of one event: "an event she works on". */
function herAssignmentsInEvent(db: Db, userId: string, eventId: string) {
  return db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .where('s.user_id', '=', userId)
    .where('s.cancelled_at', 'is', null)
    .where('a.event_id', '=', eventId);
}

export async function worksOnEvent(db: Db, userId: string, eventId: string): Promise<boolean> {
  return Boolean(await herAssignmentsInEvent(db, userId, eventId).select('a.id').limit(1).executeTakeFirst());
}

export function listBatches(db: Db, eventId: string) {
  return db.selectFrom('voucher_batches').select(['id', 'ident']).where('event_id', '=', eventId).orderBy('ident').orderBy('id').execute();
}

// The redeem path runs prepared (issue 8): a promoter gives codes all day long.
const batchOfHerEvent = preparedQuery((db, v: { userId: string; batchId: string }) =>
  db
    .selectFrom('voucher_batches as b')
    .select(['b.id', 'b.event_id'])
    .where('b.id', '=', v.batchId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('action_assignments as s')
          .innerJoin('actions as a', 'a.id', 's.action_id')
          .whereRef('a.event_id', '=', 'b.event_id')
          .where('s.user_id', '=', v.userId)
          .where('s.cancelled_at', 'is', null)
          .select('a.id'),
      ),
    ),
);

/** The batch, if it belongs to an event she works on. */
export async function findBatchOfHerEvent(db: Db, userId: string, batchId: string) {
  return (await batchOfHerEvent(db, { userId, batchId })).rows[0];
}

const voucherColumns = ['id', 'ident', 'redeemed_date_time'] as const;

/** Her codes of the batch, given or not, in the order she received them. */
export function listHerVouchers(db: Db, userId: string, batchId: string) {
  return db
    .selectFrom('vouchers')
    .select(voucherColumns)
    .where('batch_id', '=', batchId)
    .where('assigned_to', '=', userId)
    .orderBy('assigned_at')
    .orderBy('ident')
    .execute();
}

/** Her started action in the event, if any (top-up: only while she works). */
export function findStartedActionInEvent(db: Db, userId: string, eventId: string) {
  return herAssignmentsInEvent(db, userId, eventId).where('s.status', '=', 'started').select('a.id').executeTakeFirst();
}

/** Whether she still holds an unredeemed code of the batch (spec §2: 'Generuj kody' only when none is left). */
export async function holdsUnredeemed(db: Db, userId: string, batchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('vouchers')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('assigned_to', '=', userId)
    .where('redeemed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many times a top-up retries when other top-ups of the batch took its candidates first. */
const POOL_ATTEMPTS = 10;

/**
 * Moves up to `count` codes from the batch's pool to her and returns them. Each code is taken by an
 * UPDATE that holds only while it is still unassigned, so two top-ups at once never share a code: the
 * one that lost a candidate (PostgreSQL re-checks the condition after the winner commits) sees fewer
 * rows than it asked for and takes the next candidates.
 */
export async function takeFromPool(db: Db, o: { userId: string; batchId: string; count: number; at: string }) {
  const taken: { id: string; ident: string }[] = [];
  for (let attempt = 0; attempt < POOL_ATTEMPTS && taken.length < o.count; attempt++) {
    const candidates = await db
      .selectFrom('vouchers')
      .select('id')
      .where('batch_id', '=', o.batchId)
      .where('assigned_to', 'is', null)
      .orderBy('ident')
      .limit(o.count - taken.length)
      .execute();
    if (candidates.length === 0) break;
    const rows = await db
      .updateTable('vouchers')
      .set({ assigned_to: o.userId, assigned_at: o.at })
      .where(
        'id',
        'in',
        candidates.map((c) => c.id),
      )
      .where('assigned_to', 'is', null)
      .returning(['id', 'ident'])
      .execute();
    taken.push(...rows);
  }
  return taken.sort((a, b) => a.ident.localeCompare(b.ident));
}

const herCodes = preparedQuery((db, v: { userId: string; batchId: string; ids: string[] }) =>
  db
    .selectFrom('vouchers')
    .select([...voucherColumns, 'redeemed_at'])
    .where('id', 'in', v.ids)
    .where('batch_id', '=', v.batchId)
    .where('assigned_to', '=', v.userId),
);

/** Those of the codes that are hers and of the batch. */
export async function findHerCodes(db: Db, userId: string, batchId: string, ids: string[]) {
  return (await herCodes(db, { userId, batchId, ids })).rows;
}

const herActionsInEvent = preparedQuery((db, v: { userId: string; eventId: string; from: string; until: string }) =>
  db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .where('s.user_id', '=', v.userId)
    .where('s.status', 'in', ['started', 'finished'])
    .where('s.cancelled_at', 'is', null)
    // A finished run ended at her last status change (the check-out): one that ended before `from` is
    // no candidate, so her history in a long event is not read (issue 8: the cost stays flat).
    .where((eb) => eb.or([eb('s.status', '=', 'started'), eb('s.last_status_at', 'is', null), eb('s.last_status_at', '>=', v.from)]))
    .where('a.event_id', '=', v.eventId)
    // A check-in happens on the action's day (checkInRefusal), so a later action cannot have run then.
    .where('a.since', '<=', v.until)
    .select(['a.id', 'a.since', 's.status', 's.last_status_at'])
    .select((eb) => [
      eb
        .selectFrom('action_status_events as e')
        .whereRef('e.action_id', '=', 'a.id')
        .whereRef('e.user_id', '=', 's.user_id')
        .where('e.kind', '=', 'check_in')
        .select((e) => e.fn.max('e.wall_time').as('t'))
        .as('checked_in'),
      eb
        .selectFrom('action_status_events as e')
        .whereRef('e.action_id', '=', 'a.id')
        .whereRef('e.user_id', '=', 's.user_id')
        .where('e.kind', '=', 'check_out')
        .select((e) => e.fn.max('e.wall_time').as('t'))
        .as('checked_out'),
    ])
    .orderBy('a.since', 'desc'),
);

/** `checkedIn`: the start is her recorded check-in (the server's clock), not the start of the action's day. */
export type HerRun = { actionId: string; start: string; end: string | null; checkedIn: boolean };

/**
 * When each of her actions in the event ran for her: from her check-in to her check-out (wall clock),
 * open while started. Actions handed over already started or finished (the organiser's import, the
 * demo seed) have no such events: a check-in may happen at any time of the action's day, so they count
 * from that day's start, until last_status_at when finished. Only runs that may contain a moment
 * between `from` and `until`: started ones, and finished ones that ended at `from` or later.
 */
export async function herRunsInEvent(db: Db, userId: string, eventId: string, from: string, until: string): Promise<HerRun[]> {
  const { rows } = await herActionsInEvent(db, { userId, eventId, from, until });
  return rows.map((r) => ({
    actionId: r.id,
    start: r.checked_in ?? `${r.since.slice(0, 10)} 00:00:00`,
    checkedIn: r.checked_in !== null,
    end: r.status === 'started' ? null : (r.checked_out ?? r.last_status_at),
  }));
}

const redeemCodes = preparedQuery(
  (db, v: { userId: string; batchId: string; ids: string[]; at: string; dateTime: string; actionId: string }) =>
    db
      .updateTable('vouchers')
      .set({ redeemed_at: v.at, redeemed_by: v.userId, redeemed_date_time: v.dateTime, redeemed_action_id: v.actionId })
      .where('id', 'in', v.ids)
      .where('batch_id', '=', v.batchId)
      .where('assigned_to', '=', v.userId)
      .where('redeemed_at', 'is', null),
);

/** Marks her codes given, each only if it still is not; the number marked (the caller compares). */
export async function redeem(
  db: Db,
  o: { userId: string; batchId: string; ids: string[]; at: string; dateTime: string; actionId: string },
): Promise<number> {
  const result = await redeemCodes(db, o);
  return Number(result.numAffectedRows ?? 0);
}

/** A batch of the event by ident, created when missing (the CSV import). */
/**
 * The event's batch of this ident, made when missing; `created` says whether this call made it. The
 * unique (event, ident) index is the guard: a second maker at once waits for the first to commit and
 * then finds its batch (decision 106).
 */
export async function ensureBatch(db: Db, eventId: string, ident: string): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto('voucher_batches')
    .values({ id: newId(), event_id: eventId, ident })
    .onConflict((oc) => oc.columns(['event_id', 'ident']).doNothing())
    .executeTakeFirst();
  const found = await db
    .selectFrom('voucher_batches')
    .select('id')
    .where('event_id', '=', eventId)
    .where('ident', '=', ident)
    .executeTakeFirstOrThrow();
  return { id: found.id, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 };
}

export function findEventByIdent(db: Db, ident: string) {
  return db.selectFrom('events').select('id').where('ident', '=', ident).executeTakeFirst();
}

/**
 * Codes added to the batch's pool, each only if no batch has it (a code is unique across batches);
 * answers how many were added. Chunks keep the statement within the parameter limits.
 */
export async function insertNewPoolCodes(db: Db, batchId: string, idents: readonly string[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < idents.length; i += 500) {
    const result = await db
      .insertInto('vouchers')
      .values(idents.slice(i, i + 500).map((ident) => ({ id: newId(), batch_id: batchId, ident })))
      .onConflict((oc) => oc.column('ident').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/**
 * Codes as the brand's system hands them over: in the pool, or already hers and perhaps given (the
 * demo seed, the test builders). Chunks keep the statement within the parameter limits.
 */
export async function insertVouchers(db: Db, rows: Insertable<VoucherTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('vouchers')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
