import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Portable DDL: text ids (uuid strings), text timestamps, integers; only the blob column differs.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ident', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text')
    .addColumn('mobile_phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('territories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ident', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_territories')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('territory_id', 'text', (c) => c.notNull().references('territories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_territories_pk', ['user_id', 'territory_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('blobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ident', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ident', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('global_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('actions_since_idx').on('actions').column('since').execute();

  await db.schema
    .createTable('action_points')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text')
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('petra_id', 'text')
    .execute();
  await db.schema.createIndex('action_points_action_idx').on('action_points').column('action_id').execute();

  await db.schema
    .createTable('action_assignments')
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text')
    .addColumn('action_point_id', 'text', (c) => c.references('action_points.id'))
    .addColumn('last_status_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addPrimaryKeyConstraint('action_assignments_pk', ['action_id', 'user_id'])
    .execute();
  await db.schema.createIndex('action_assignments_user_idx').on('action_assignments').column('user_id').execute();

  await db.schema
    .createTable('voucher_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('ident', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('voucher_batches.id').onDelete('cascade'))
    .addColumn('ident', 'text', (c) => c.notNull().unique())
    .addColumn('redeemed_at', 'text')
    .addColumn('redeemed_by', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('vouchers_batch_idx').on('vouchers').column('batch_id').execute();

  await db.schema
    .createTable('availability')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('availability_user_idx').on('availability').columns(['user_id', 'since']).execute();
}
