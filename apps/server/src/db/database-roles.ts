import { sql } from 'kysely';
import { APPEND_ONLY_TABLES } from './append-only.ts';
import { openDatabase, type DatabaseHandle, type Db } from './kysely.ts';
import { migrateToLatest } from './migrate.ts';

// Decision 077: on PostgreSQL the server runs as a role that owns nothing. The migrations run as the
// tables' owner (MIGRATION_DATABASE_URL), which then grants the app's role (DATABASE_URL's) what the
// app needs: rows of the ordinary tables, and only SELECT and INSERT on the append-only ones. No
// TRUNCATE, no ALTER, no DROP, no DELETE of a consent record from the process that faces the internet.

export type DatabaseUrls = {
  /** The app's connection (DATABASE_URL). */
  url: string;
  /** PostgreSQL: the owner's connection (MIGRATION_DATABASE_URL); without it the one role does both. */
  migrationUrl?: string | null | undefined;
  /** PostgreSQL: the schema to work in (tests give each file one). */
  schema?: string | undefined;
};

/** Opens the app's database migrated to the latest schema, the migrations and grants made as the owner when one is given. */
export async function openMigratedDatabase({ url, migrationUrl, schema }: DatabaseUrls): Promise<DatabaseHandle> {
  const app = openDatabase({ url, ...(schema ? { schema } : {}) });
  try {
    if (!migrationUrl) {
      await migrateToLatest(app.db, app.dialect, schema);
      return app;
    }
    const owner = openDatabase({ url: migrationUrl, ...(schema ? { schema } : {}) });
    try {
      const [appRole, ownerRole] = [await currentRole(app.db), await currentRole(owner.db)];
      // The same role twice would look split and protect nothing: refuse rather than pretend.
      if (appRole === ownerRole)
        throw new Error(
          `MIGRATION_DATABASE_URL and DATABASE_URL both connect as ${ownerRole}: give the app a role of its own (README, Deploying)`,
        );
      await migrateToLatest(owner.db, owner.dialect, schema);
      await grantAppRole(owner.db, appRole);
    } finally {
      await owner.destroy();
    }
    return app;
  } catch (error) {
    await app.destroy();
    throw error;
  }
}

async function currentRole(db: Db): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]!.role;
}

/**
 * Gives `role` exactly what the app needs on every table of the owner's schema, at each start (a new
 * table of a migration is covered without another step): SELECT, INSERT, UPDATE and DELETE, except on
 * APPEND_ONLY_TABLES, SELECT and INSERT only; of Kysely's migration tables only SELECT on the list of
 * applied migrations, which /readyz compares with the code's (decision 131); the sequences' next
 * values. Whatever else the role was given on these tables is taken back.
 */
export async function grantAppRole(db: Db, role: string): Promise<void> {
  const appendOnly = new Set<string>(APPEND_ONLY_TABLES);
  const to = sql.id(role);
  await db.transaction().execute(async (trx) => {
    // Instances starting together would change the same privileges at once, which PostgreSQL refuses
    // ("tuple concurrently updated"): one at a time.
    await sql`select pg_advisory_xact_lock(hashtext('promotor: grants'))`.execute(trx);
    const { rows } = await sql<{ schema: string; name: string }>`
      select schemaname as schema, tablename as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely\\_%'`.execute(trx);
    const schema = sql.id(rows[0]?.schema ?? 'public');
    await sql`grant usage on schema ${schema} to ${to}`.execute(trx);
    for (const { name } of rows) {
      const table = sql.table(name);
      await sql`revoke all on table ${table} from ${to}`.execute(trx);
      const rights = appendOnly.has(name) ? 'select, insert' : 'select, insert, update, delete';
      await sql`grant ${sql.raw(rights)} on table ${table} to ${to}`.execute(trx);
    }
    // Names and times of the applied migrations, nothing to write: /readyz's "migrations current".
    await sql`revoke all on table kysely_migration from ${to}`.execute(trx);
    await sql`grant select on table kysely_migration to ${to}`.execute(trx);
    await sql`grant usage on all sequences in schema ${schema} to ${to}`.execute(trx);
  });
}
