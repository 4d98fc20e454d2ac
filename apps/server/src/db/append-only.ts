import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db, Dialect } from './kysely.ts';

// Tables whose rows prove something (GDPR art. 7(1): the consent records, decision 067) take rows and
// never change or lose them: the code has no update or delete path, and the database refuses both, so a
// mistake in code or a hand-typed statement cannot rewrite what a consumer agreed to.

const message = (table: string) => `${table} is append-only`;

/** Triggers refusing UPDATE and DELETE on `table` (a migration creates them; the demo reset re-creates them). */
export async function guardAppendOnly(db: Kysely<unknown>, dialect: Dialect, table: string): Promise<void> {
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
 * Empties an append-only table: only `npm run seed -- --reset`, which wipes the whole demo database.
 * PostgreSQL's TRUNCATE fires no row triggers; SQLite has none, so its triggers are dropped and made
 * again inside the caller's transaction.
 */
export async function emptyAppendOnly(db: Db, table: 'consent_records'): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`truncate table ${sql.table(table)}`.execute(db);
    return;
  }
  for (const event of ['update', 'delete'] as const) await sql`drop trigger ${sql.id(`${table}_no_${event}`)}`.execute(db);
  await db.deleteFrom(table).execute();
  await guardAppendOnly(db as unknown as Kysely<unknown>, 'sqlite', table);
}
