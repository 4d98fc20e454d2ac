import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { ConsentRecordTable, LeadItemTable, LeadTable } from '../../db/schema.ts';
import { withStoredTexts } from './consent-texts.repository.ts';

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

/** Appends the records, each pointing at the stored words of the text it names (decision 078). */
export async function insertConsentRecords(db: Db, rows: ConsentRecordTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('consent_records')
      .values(await withStoredTexts(db, rows))
      .execute();
}

/** Whether she named that serial number (a Glo device) in a registration with a consumer, and in a sandbox one. */
export async function herLeadsWithSerial(db: Db, userId: string, serialNumber: string): Promise<{ real: boolean; sandbox: boolean }> {
  const rows = await db
    .selectFrom('lead_items as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .select('l.consumer_id')
    .where('i.serial_number', '=', serialNumber)
    .where('i.brand', '=', 'Glo')
    .where('l.user_id', '=', userId)
    .execute();
  // A sandbox registration (the test action without codes, decision 067) has no consumer; a test
  // action's registration with codes has one and registered the device like any other.
  return { real: rows.some((r) => r.consumer_id !== null), sandbox: rows.some((r) => r.consumer_id === null) };
}

/**
 * Counts one more registration of hers on a test action unless she has `max` there already; false at
 * the cap. A conditional update in the registration's transaction: parallel registrations cannot pass
 * it, and a registration that fails later gives its count back with the rollback (decision 080).
 */
export async function countTestLead(db: Db, actionId: string, userId: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('action_assignments')
    .set((eb) => ({ test_lead_count: eb('test_lead_count', '+', 1) }))
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('test_lead_count', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
