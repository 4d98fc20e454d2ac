import type { Kysely } from 'kysely';

// Issue 38 (decision 138, 'A photo re-shot from a screen'): a photo of a screen showing an earlier
// photo is that photo zoomed in a little. Beside the whole picture's perceptual hash, each photo keeps
// the hashes of its centre at a few zooms (space-separated 16-hex-digit hashes); null for photos
// fingerprinted before, which the backfill command (`npm run blobs -- fingerprints`) completes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('action_files').addColumn('dhash_crops', 'text').execute();
}
