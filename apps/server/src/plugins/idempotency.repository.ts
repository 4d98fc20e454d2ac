import type { Db } from '../db/kysely.ts';
import { preparedQuery } from '../db/prepared-query.ts';

// Every write with an Idempotency-Key (each location ping) runs these: prepared.
const pendingInsert = preparedQuery((db, v: { scope: string; key: string; request_hash: string; created_at: string }) =>
  db
    .insertInto('idempotency_keys')
    .values({ ...v, state: 'pending', response_status: null, response_body: null })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing()),
);

export async function insertPending(
  db: Db,
  row: { scope: string; key: string; request_hash: string; created_at: string },
): Promise<boolean> {
  const result = await pendingInsert(db, row);
  return Number(result.numAffectedRows ?? 0) === 1;
}

const entry = preparedQuery((db, v: { scope: string; key: string }) =>
  db.selectFrom('idempotency_keys').selectAll().where('scope', '=', v.scope).where('key', '=', v.key),
);

export async function find(db: Db, scope: string, key: string) {
  return (await entry(db, { scope, key })).rows[0];
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

const completion = preparedQuery((db, v: { scope: string; key: string; status: number; body: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: v.status, response_body: v.body })
    .where('scope', '=', v.scope)
    .where('key', '=', v.key),
);

export async function complete(db: Db, scope: string, key: string, status: number, body: string): Promise<void> {
  await completion(db, { scope, key, status, body });
}

export async function remove(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
}
