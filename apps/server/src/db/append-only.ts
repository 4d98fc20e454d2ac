import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db, Dialect } from './kysely.ts';

// Tables whose rows prove something (GDPR art. 7(1): the consent records, decision 067, and the texts
// they were given to, decision 078) take rows and never change or lose them: the code has no update or
// delete path, and the database refuses both, so a mistake in code or a hand-typed statement cannot
// rewrite what a consumer agreed to. Two locks (decision 077): triggers, which hold for every role
// (the owner too, until it drops them), and on PostgreSQL the app's role, which is granted only SELECT
// and INSERT on these tables (db/database-roles.ts) and owns nothing, so it can neither empty them nor
// drop or disable the triggers.

/**
 * Every append-only table: the grants of the app's role and the tests read this one list. A new table
 * goes here, and its migration calls guardAppendOnly (audit_log: decision 086).
 */
export const APPEND_ONLY_TABLES = ['consent_records', 'consent_texts', 'audit_log', 'consent_withdrawals'] as const;

export type AppendOnlyTable = (typeof APPEND_ONLY_TABLES)[number];

const message = (table: string) => `${table} is append-only`;

/** The complete rule for a new table: UPDATE, DELETE and TRUNCATE refused (its migration calls it). */
export async function guardAppendOnly(db: Kysely<unknown>, dialect: Dialect, table: AppendOnlyTable): Promise<void> {
  await refuseUpdateAndDelete(db, dialect, table);
  await refuseTruncate(db, dialect, table);
}

/** Triggers refusing UPDATE and DELETE on `table` (migration 009 made these alone for consent_records). */
export async function refuseUpdateAndDelete(db: Kysely<unknown>, dialect: Dialect, table: AppendOnlyTable): Promise<void> {
  const name = sql.id(`${table}_append_only`);
  if (dialect === 'postgres') {
    // The function lives in the connection's schema (tests give each file one), beside its table.
    await sql`create function ${name}() returns trigger language plpgsql as $$
      begin
        raise exception '%', ${sql.lit(message(table))} using errcode = 'restrict_violation';
      end
    $$`.execute(db);
    await sql`create trigger ${name} before update or delete on ${sql.table(table)}
      for each row execute function ${name}()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete'] as const) {
    await sql`create trigger ${sql.id(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(message(table))}); end`.execute(db);
  }
}

/**
 * PostgreSQL's TRUNCATE fires no row trigger: a statement trigger refuses it (the same function).
 * SQLite has no TRUNCATE; its `DELETE FROM t` without WHERE fires the delete trigger (SQLite skips its
 * truncate shortcut on a table with triggers), so there is nothing to add.
 */
export async function refuseTruncate(db: Kysely<unknown>, dialect: Dialect, table: AppendOnlyTable): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
    for each statement execute function ${sql.id(`${table}_append_only`)}()`.execute(db);
}

/**
 * Empties an append-only table: only `npm run seed -- --reset`, which wipes the whole demo database,
 * as the tables' owner (MIGRATION_DATABASE_URL on PostgreSQL). The triggers are switched off and on
 * again inside the caller's transaction, so nobody else ever sees the table unguarded.
 */
export async function emptyAppendOnly(db: Db, table: Exclude<AppendOnlyTable, 'consent_texts'>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const trigger = sql.id(`${table}_no_truncate`);
    await sql`alter table ${sql.table(table)} disable trigger ${trigger}`.execute(db);
    await sql`truncate table ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} enable trigger ${trigger}`.execute(db);
    return;
  }
  for (const event of ['update', 'delete'] as const) await sql`drop trigger ${sql.id(`${table}_no_${event}`)}`.execute(db);
  await db.deleteFrom(table).execute();
  await refuseUpdateAndDelete(db as unknown as Kysely<unknown>, 'sqlite', table);
}
