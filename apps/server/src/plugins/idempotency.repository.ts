import type { Db } from '../db/kysely.ts';

export async function insertPending(
  db: Db,
  row: { scope: string; key: string; request_hash: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ ...row, state: 'pending', response_status: null, response_body: null })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function find(db: Db, scope: string, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
}

/** Claims an abandoned pending entry; only one of several racing retries wins. */
export async function takeOver(db: Db, scope: string, key: string, previous: string, createdAt: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: createdAt })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('created_at', '=', previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function complete(db: Db, scope: string, key: string, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: body })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

export async function remove(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
}

export async function deleteOlderThan(db: Db, isoCutoff: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', isoCutoff).execute();
}
