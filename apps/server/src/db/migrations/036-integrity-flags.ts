import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 38 (decision 138): the plausibility signals of a report, each stored with its evidence as her
// data arrives; the check-in's reported accuracy; each start, end and survey photo's fingerprints.
// - integrity_flags: one row per (action, promoter, kind, subject) — the subject tells two flags of one
//   kind apart ('' for a per-action flag, the photo's id for a photo flag, the pair of fixes for a
//   teleport), so a recomputation raises nothing twice; `evidence` is the contract's IntegrityEvidence
//   (JSON); a coordinator's explanation is stamped on the row (audited).
// - action_status_events.accuracy: the check-in's location may carry it, as /action/location/save does.
// - action_files: sha256 of the bytes, a 64-bit dHash (16 hex digits) and the luminance's spread (a
//   standard deviation, 0–128: almost 0 is a blank photo), computed at ingest; null for older photos.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('integrity_flags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('check_in_far', 'weak_fix', 'teleport', 'frozen_fixes', 'clock_skew', 'left_point', 'photo_reused', 'photo_similar', 'photo_blank')`,
        ),
    )
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('explained_at', 'text')
    .addColumn('explained_by', 'text')
    .addColumn('explanation', 'text')
    .execute();
  await db.schema
    .createIndex('integrity_flags_natural_key')
    .unique()
    .on('integrity_flags')
    .columns(['action_id', 'user_id', 'kind', 'subject'])
    .execute();
  // The dashboard's and the live day's question: flags raised in a period.
  await db.schema.createIndex('integrity_flags_raised_idx').on('integrity_flags').column('raised_at').execute();

  await db.schema.alterTable('action_status_events').addColumn('accuracy', real).execute();

  await db.schema.alterTable('action_files').addColumn('sha256', 'text').execute();
  await db.schema.alterTable('action_files').addColumn('dhash', 'text').execute();
  await db.schema.alterTable('action_files').addColumn('spread', real).execute();
  // The reuse check's question: any earlier photo with these bytes.
  await db.schema.createIndex('action_files_sha256_idx').on('action_files').column('sha256').execute();
}
