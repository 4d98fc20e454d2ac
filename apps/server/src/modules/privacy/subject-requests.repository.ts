import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ConsumerRequestKind, ConsumerRequestState } from '@promotor/contract';
import type { ConsumerRequestTable, ConsumerTable, Db } from '../../db/schema.ts';

// Data-subject requests' SQL (issue 26, decision 098): the requests, and the consumer they are about.

export type RequestRow = Selectable<ConsumerRequestTable>;

/** Another consumer holding this e-mail (the column is UNIQUE): a rectification may not take it. */
export async function emailHeldByAnother(db: Db, emailAddress: string, consumerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('consumers')
    .select('id')
    .where('email_address', '=', emailAddress)
    .where('id', '!=', consumerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rectifyConsumer(db: Db, id: string, fields: Updateable<ConsumerTable>): Promise<void> {
  await db.updateTable('consumers').set(fields).where('id', '=', id).where('erased_at', 'is', null).execute();
}

export async function insertRequest(db: Db, row: Insertable<ConsumerRequestTable>): Promise<void> {
  await db.insertInto('consumer_requests').values(row).execute();
}

export function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  return db.selectFrom('consumer_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Extends a pending request not extended yet; false when another call closed or extended it first. */
export async function extendRequest(
  db: Db,
  id: string,
  v: { due_at: string; extension_reason: string; extended_at: string; extended_by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('consumer_requests')
    .set(v)
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('extended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes a pending request; false when another call closed it first. */
export async function closeRequest(
  db: Db,
  id: string,
  v: { state: Exclude<ConsumerRequestState, 'pending'>; completed_at: string; completed_by: string; outcome_note: string | null },
): Promise<boolean> {
  const result = await db.updateTable('consumer_requests').set(v).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type RequestFilter = {
  consumerId?: string | undefined;
  state?: ConsumerRequestState | undefined;
  kind?: ConsumerRequestKind | undefined;
  /** ISO UTC: pending ones due before it. */
  dueBefore?: string | undefined;
};

function filtered(db: Db, f: RequestFilter) {
  let q = db.selectFrom('consumer_requests');
  if (f.consumerId !== undefined) q = q.where('consumer_id', '=', f.consumerId);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.dueBefore !== undefined) q = q.where('state', '=', 'pending').where('due_at', '<', f.dueBefore);
  return q;
}

/** A page of requests: pending ones first, each group by its due date, then by when it came. */
export async function listRequests(db: Db, f: RequestFilter, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy((eb) => eb.case().when('state', '=', 'pending').then(0).else(1).end())
      .orderBy('due_at')
      .orderBy('received_at')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
