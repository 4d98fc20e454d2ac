import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Check-ins, check-outs, cancellations, location pings, poll answers and action photos.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // PostgreSQL's 'real' has 7 digits, too few for a position; SQLite's 'real' is already 8 bytes.
  const float = dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('action_status_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action_point_id', 'text', (c) => c.references('action_points.id'))
    .addColumn('latitude', float)
    .addColumn('longitude', float)
    .addColumn('cash_terminal_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('wall_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('action_status_events_action_idx').on('action_status_events').columns(['action_id', 'user_id']).execute();

  await db.schema
    .createTable('action_locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('latitude', float, (c) => c.notNull())
    .addColumn('longitude', float, (c) => c.notNull())
    .addColumn('accuracy', float, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('wall_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('action_locations_action_idx').on('action_locations').columns(['action_id', 'user_id']).execute();

  await db.schema
    .createTable('poll_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ident', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('poll_answers_unique', ['action_id', 'user_id', 'ident'])
    .execute();

  await db.schema
    .createTable('action_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ident', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('action_files_unique', ['action_id', 'user_id', 'ident', 'position'])
    .execute();

  await db.schema
    .createTable('action_surveys')
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chechboxes', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_surveys_pk', ['action_id', 'user_id'])
    .execute();
}
