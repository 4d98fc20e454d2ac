import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 36 (decision 133): the fingerprint of each key every instance must share (IDEMPOTENCY_HASH_KEY,
// CONSENT_PROOF_KEY), recorded by the first instance that starts. A later instance with another key
// refuses to start instead of hashing or signing differently from the rest.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('shared_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
}
