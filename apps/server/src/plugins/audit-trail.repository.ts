import type { Insertable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { AuditLogTable } from '../db/schema.ts';

// The only write to audit_log: an insert (the table refuses anything else, decision 086).
export async function insertAuditEntry(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}
