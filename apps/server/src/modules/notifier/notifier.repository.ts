import type { Db } from '../../db/kysely.ts';

export type OutboxRow = { channel: string; recipient: string; subject: string; body: string; created_at: string };

export async function insertOutboxMessage(db: Db, row: OutboxRow): Promise<void> {
  await db.insertInto('outbox_messages').values(row).execute();
}

/** The newest messages first. */
export function listOutboxMessages(db: Db, limit: number) {
  return db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
