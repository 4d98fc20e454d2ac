import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db, Dialect } from './kysely.ts';

// Decision 079: a confirmed MGM request (mgm_consent_confirmations with confirmed_at set) is the proof
// its consent records point at — the code's hash, the number it went to, the consents it listed. Such a
// row never changes and is never deleted; a pending row is replaced, counts its tries, gets confirmed
// and expires as before. The table cannot be append-only as a whole (decision 077's grants), so
// triggers refuse UPDATE and DELETE of a confirmed row, for every role, the app's included.

const TABLE = 'mgm_consent_confirmations';
const MESSAGE = `${TABLE}: a confirmed row is a proof and never changes`;
const PG_TRIGGER = `${TABLE}_confirmed_fixed`;
const SQLITE_TRIGGERS = { update: `${TABLE}_confirmed_no_update`, delete: `${TABLE}_confirmed_no_delete` } as const;

/** The triggers (migration 013). */
export async function guardConfirmedProofs(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    const name = sql.id(PG_TRIGGER);
    await sql`create function ${name}() returns trigger language plpgsql as $$
      begin
        if old.confirmed_at is not null then
          raise exception '%', ${sql.lit(MESSAGE)} using errcode = 'restrict_violation';
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end
    $$`.execute(db);
    await sql`create trigger ${name} before update or delete on ${sql.table(TABLE)}
      for each row execute function ${name}()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete'] as const) {
    await sql`create trigger ${sql.id(SQLITE_TRIGGERS[event])} before ${sql.raw(event)} on ${sql.table(TABLE)}
      when old.confirmed_at is not null
      begin select raise(abort, ${sql.lit(MESSAGE)}); end`.execute(db);
  }
}

/**
 * Empties the table: only `npm run seed -- --reset`, as the owner, after the consent records that point
 * at its rows are gone. The triggers are off only inside the caller's transaction.
 */
export async function emptyConfirmedProofs(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ${sql.table(TABLE)} disable trigger ${sql.id(PG_TRIGGER)}`.execute(db);
    await db.deleteFrom(TABLE).execute();
    await sql`alter table ${sql.table(TABLE)} enable trigger ${sql.id(PG_TRIGGER)}`.execute(db);
    return;
  }
  for (const name of Object.values(SQLITE_TRIGGERS)) await sql`drop trigger ${sql.id(name)}`.execute(db);
  await db.deleteFrom(TABLE).execute();
  await guardConfirmedProofs(db as unknown as Kysely<unknown>, 'sqlite');
}
