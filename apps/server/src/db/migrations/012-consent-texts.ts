import type { Kysely } from 'kysely';
import { guardAppendOnly, refuseTruncate } from '../append-only.ts';
import type { Dialect } from '../kysely.ts';

// Issue 21, consent proof that holds up. Decision 078: every consent text the form or MGM showed is
// kept once, word for word, and each consent record points at it, so proving a consent needs nothing
// but the database. Decision 077: TRUNCATE of the consent records refused too.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Filled from the catalogue at every start (modules/catalogues/consent-texts.repository.ts).
  await db.schema
    .createTable('consent_texts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the catalogue's consent field the text belongs to, and its version there
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    // SHA-256 of `text` (what /webform/catalogues answers as textHash)
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One text per version of a field: a changed text under a known version is refused at start.
  await db.schema.createIndex('consent_texts_version_unique').on('consent_texts').columns(['field', 'version']).unique().execute();
  await guardAppendOnly(db, dialect, 'consent_texts');

  // The text shown; null when none was (a consent not given whose text the form did not show), and on
  // records made before this migration, which keep only the version and hash.
  await db.schema
    .alterTable('consent_records')
    .addColumn('consent_text_id', 'text', (c) => c.references('consent_texts.id'))
    .execute();
  await refuseTruncate(db, dialect, 'consent_records');
}
