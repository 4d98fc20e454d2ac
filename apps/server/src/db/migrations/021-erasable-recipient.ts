import type { Kysely } from 'kysely';
import { allowRecipientErasure } from '../confirmed-proofs.ts';
import type { Dialect } from '../kysely.ts';

// Issue 26, erasure (decision 098): a confirmed MGM consent request stays the proof its consent records
// point at, but her erasure (art. 17) may replace the number it went to by 'erased' — that one change,
// nothing else, and no delete (db/confirmed-proofs.ts).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await allowRecipientErasure(db, dialect);
}
