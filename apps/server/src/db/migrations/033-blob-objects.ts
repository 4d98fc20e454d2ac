import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 35 (decision 130): the register of every stored file — its hash, size and type, where its bytes
// are ('local': the database's blobs table or DATA_DIR/blobs; 's3': the bucket), the drain's bookkeeping
// for bytes waiting to go to the bucket, and the small WebP the back office's lists show, kept here so
// they work while the bucket is down. Files stored before this migration have no row: they are local,
// and `npm run blobs -- migrate` registers them. blob_deletions holds a bucket object whose removal has
// not been confirmed yet (the drain retries it; an erasure is not done while one of hers is listed).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('blob_objects')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().check(sql`location in ('local', 's3')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('stored_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('thumbnail', bytes)
    .execute();
  // The drain's question: what is local, due, oldest first.
  await db.schema.createIndex('blob_objects_pending_idx').on('blob_objects').columns(['location', 'next_attempt_at']).execute();
  await db.schema
    .createTable('blob_deletions')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .execute();
}
