import type { Db } from '../../db/kysely.ts';
import type { ActionFileTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

export function filesOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_files')
    .select(['id', 'ident', 'position'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('ident')
    .orderBy('position')
    .execute();
}

export async function identTaken(db: Db, actionId: string, userId: string, ident: string): Promise<boolean> {
  const row = await db
    .selectFrom('action_files')
    .select('id')
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('ident', '=', ident as ActionFileTable['ident'])
    .executeTakeFirst();
  return Boolean(row);
}

export function filesOfIdent(db: Db, actionId: string, userId: string, ident: ActionFileTable['ident']) {
  return db
    .selectFrom('action_files')
    .select(['id', 'blob_key'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('ident', '=', ident)
    .execute();
}

export async function deleteFiles(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('action_files').where('id', 'in', ids).execute();
}

export async function insertFiles(db: Db, rows: Insertable<ActionFileTable>[]): Promise<void> {
  await db.insertInto('action_files').values(rows).execute();
}

/**
 * That her end photos are stored, on her assignment, for the live day (decision 101): written with
 * their rows; a re-send keeps the first time.
 */
export async function recordEndPhotos(db: Db, actionId: string, userId: string, at: string): Promise<void> {
  await db
    .updateTable('action_assignments')
    .set({ end_photos_at: at })
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('end_photos_at', 'is', null)
    .execute();
}

export function findOwnFile(db: Db, fileId: string, userId: string) {
  return db.selectFrom('action_files').selectAll().where('id', '=', fileId).where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertSurvey(
  db: Db,
  row: { action_id: string; user_id: string; chechboxes: string; text: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('action_surveys')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['action_id', 'user_id']).doUpdateSet({ chechboxes: row.chechboxes, text: row.text, created_at: row.created_at }),
    )
    .execute();
}

export function surveyOf(db: Db, actionId: string, userId: string) {
  return db.selectFrom('action_surveys').selectAll().where('action_id', '=', actionId).where('user_id', '=', userId).executeTakeFirst();
}
