import type { Kysely } from 'kysely';
import { guardAppendOnly } from '../append-only.ts';
import type { Dialect } from '../kysely.ts';

// Issue 24, the back office (decisions 085 and 086): staff accounts apart from the promoters, their
// roles and territories, their own sessions; actions in a territory; points with coordinates; and the
// append-only audit log of what the back office did and refused.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Staff are not promoters: their own table, so no promoter query (hostess codes, assignments, the
  // promoter app's login and sessions) can ever meet one (decision 085).
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deactivated_at', 'text')
    .execute();
  // Role names of the contract's STAFF_ROLES; what each may do is code (contract/admin/permissions.ts).
  await db.schema
    .createTable('staff_roles')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_roles_pk', ['staff_id', 'role'])
    .execute();
  await db.schema
    .createTable('staff_territories')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('territory_id', 'text', (c) => c.notNull().references('territories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_territories_pk', ['staff_id', 'territory_id'])
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();
  // Territory scoping of promoters goes through user_territories by territory.
  await db.schema.createIndex('user_territories_territory_idx').on('user_territories').column('territory_id').execute();

  // A deactivated promoter cannot log in; her rows (actions, leads, reports) stay.
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();

  // Null on actions made before the back office (the demo seed sets its own).
  await db.schema
    .alterTable('actions')
    .addColumn('territory_id', 'text', (c) => c.references('territories.id'))
    .execute();
  await db.schema.createIndex('actions_territory_idx').on('actions').columns(['territory_id', 'since']).execute();
  const coordinate = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema.alterTable('action_points').addColumn('latitude', coordinate).execute();
  await db.schema.alterTable('action_points').addColumn('longitude', coordinate).execute();

  // Decision 086. No foreign keys: an entry outlives the account it names, and a failed login names
  // no account at all.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // 'staff', 'promoter' or 'anonymous' (a failed login, a call without a session)
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    // the username as it was then (or as typed, for a failed login)
    .addColumn('actor_name', 'text')
    // her roles at that moment, comma-separated
    .addColumn('actor_roles', 'text', (c) => c.notNull())
    .addColumn('verb', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('address', 'text')
    // JSON: what changed, the refused path and code
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_object_idx').on('audit_log').columns(['object_type', 'object_id']).execute();
  await guardAppendOnly(db, dialect, 'audit_log');
}
