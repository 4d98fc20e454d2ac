import type { Db } from '../../db/kysely.ts';
import type { ConsentRecordTable, StoredConsentRecordTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

// Decision 078: a consent record proves what she was shown only if the words are kept. Every consent
// text of the catalogue is stored once (append-only, migration 012) when the server starts, and each
// record points at its text.

export type CatalogueConsentText = { field: string; version: string; text: string; textHash: string };

/** The catalogue's texts under a version already stored with other words: the start stops. */
export class ConsentTextChangedError extends Error {}

/**
 * Stores the catalogue's consent texts not stored yet, and refuses a changed text under a stored
 * version: a record of that version already proves the old words, so the new ones need a new version.
 * Safe when several instances start at once (a text stored by another is left as it is).
 */
export async function storeConsentTexts(db: Db, texts: CatalogueConsentText[], now: Date, source: string): Promise<void> {
  if (texts.length === 0) return;
  const createdAt = now.toISOString();
  await db
    .insertInto('consent_texts')
    .values(
      texts.map((t) => ({ id: newId(), field: t.field, version: t.version, text_hash: t.textHash, text: t.text, created_at: createdAt })),
    )
    .onConflict((oc) => oc.columns(['field', 'version']).doNothing())
    .execute();
  const stored = await db
    .selectFrom('consent_texts')
    .select(['field', 'version', 'text_hash', 'created_at'])
    .where('field', 'in', [...new Set(texts.map((t) => t.field))])
    .execute();
  const changed = texts.flatMap((t) => {
    const kept = stored.find((s) => s.field === t.field && s.version === t.version);
    return kept && kept.text_hash !== t.textHash ? [`  ${t.field} version ${t.version} (stored ${kept.created_at})`] : [];
  });
  if (changed.length > 0) {
    throw new ConsentTextChangedError(
      `Consent texts in ${source} differ from the texts stored under the same version; consumers agreed to the stored words, so a changed text needs a new version:\n${changed.join('\n')}`,
    );
  }
}

/**
 * The records, each pointing at the stored text its version and hash name (none without a text). A text
 * not stored throws: a record never claims words the database cannot show. Two fields may share one
 * text (same version and words): either row proves the same words.
 */
export async function withStoredTexts(db: Db, records: ConsentRecordTable[]): Promise<StoredConsentRecordTable[]> {
  const hashes = [...new Set(records.flatMap((r) => (r.text_hash === null ? [] : [r.text_hash])))];
  const rows =
    hashes.length === 0
      ? []
      : await db
          .selectFrom('consent_texts')
          .select(['id', 'version', 'text_hash'])
          .where('text_hash', 'in', hashes)
          .orderBy('id')
          .execute();
  return records.map((record) => {
    if (record.text_version === null || record.text_hash === null) return { ...record, consent_text_id: null };
    const text = rows.find((row) => row.version === record.text_version && row.text_hash === record.text_hash);
    if (!text) throw new Error(`Consent text version ${record.text_version} (${record.text_hash}) is not in consent_texts`);
    return { ...record, consent_text_id: text.id };
  });
}
