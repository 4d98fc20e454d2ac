import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { ConsentRecordTable, LeadItemTable, LeadTable } from '../../db/schema.ts';

// What /lead/register writes of its own beside the registry (decision 067): the lead with its items
// (the stats count them) and the consent records. Consent records are only ever inserted: there is no
// update or delete of them anywhere in the code, and the database refuses both (migration 009).

export async function insertLead(db: Db, lead: Insertable<LeadTable>, items: Omit<Insertable<LeadItemTable>, 'lead_id'>[]): Promise<void> {
  await db.insertInto('leads').values(lead).execute();
  if (items.length > 0) {
    await db
      .insertInto('lead_items')
      .values(items.map((item) => ({ ...item, lead_id: lead.id })))
      .execute();
  }
}

export async function insertConsentRecords(db: Db, rows: ConsentRecordTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('consent_records').values(rows).execute();
}

/** Whether she registered that serial number (a Glo device of one of her leads). */
export async function registeredHerSerial(db: Db, userId: string, serialNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('lead_items as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .select('i.id')
    .where('i.serial_number', '=', serialNumber)
    .where('i.brand', '=', 'Glo')
    .where('l.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
