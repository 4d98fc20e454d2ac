import type { Kysely } from 'kysely';

// Issue 38 (decision 138), 'Zdjęcia': every report photo newest first, walked by key. The list's order
// and its date range are the photo's stored time and id, so one ordered index answers a first page and
// a deep one; a promoter's photos have their own (her few among 200,000 would otherwise be a long walk).
// A page's open photo flags are found by their subject, the photo's id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('action_files_library_idx').on('action_files').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('action_files_promoter_library_idx').on('action_files').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('integrity_flags_subject_idx').on('integrity_flags').column('subject').execute();
}
