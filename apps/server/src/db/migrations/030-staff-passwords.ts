import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 34 (decisions 118 and 120): staff accounts made on the back office's 'Personel' page get no
// password; they are e-mailed a one-time link to set one. A staff member who forgot hers asks for a
// code by e-mail, as a promoter does (password_resets). Both are kept as hashes only.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // When she last set her password (ISO UTC); null: never — an account made on the page until she uses
  // her link. Accounts made before (the CLI, the demo seed) had theirs given at creation.
  await db.schema.alterTable('staff').addColumn('password_set_at', 'text').execute();
  await sql`update staff set password_set_at = created_at`.execute(db);

  await db.schema
    .createTable('staff_password_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    // sha256 of the link's 256-bit token: the link itself is only in her e-mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Used, or voided by a newer link, a password set another way, or her deactivation.
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_password_links_staff_idx').on('staff_password_links').column('staff_id').execute();

  // The promoters' password_resets, for staff: one open code at a time, its wrong tries counted.
  await db.schema
    .createTable('staff_password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('staff_password_resets_staff_idx').on('staff_password_resets').column('staff_id').execute();
}
