import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db, Dialect } from './kysely.ts';

// Decision 079: a confirmed MGM request (mgm_consent_confirmations with confirmed_at set) is the proof
// its consent records point at — the code's hash, the number it went to, the consents it listed. Such a
// row never changes and is never deleted; a pending row is replaced, counts its tries, gets confirmed
// and expires as before. The table cannot be append-only as a whole (decision 077's grants), so
// triggers refuse UPDATE and DELETE of a confirmed row, for every role, the app's included — but for
// an erasure's one change of its recipient (migration 021, decision 098).

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

/** What an erasure writes into a confirmed row's `recipient` (art. 17; migration 021, decision 098). */
export const ERASED_RECIPIENT = 'erased';

/**
 * Every column of the table but `recipient`: what a confirmed row keeps unchanged even through an
 * erasure. A migration adding a column to the table adds it here too (SQLite's trigger names them;
 * 021-erasable-recipient.test.ts compares the list with the table).
 */
export const FIXED_COLUMNS = [
  'id',
  'user_id',
  'consumer_id',
  'action_id',
  'action_point_id',
  'consents',
  'channel',
  'code_hash',
  'wrong_tries',
  'sent_at',
  'expires_at',
  'confirmed_at',
] as const;

/**
 * Migration 021: a confirmed row still never changes nor goes, with one exception — its `recipient`
 * (her number) may become ERASED_RECIPIENT and nothing else with it: her erasure leaves the proof of
 * what she confirmed and when, without the number it went to.
 */
export async function allowRecipientErasure(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const erased = sql.lit(ERASED_RECIPIENT);
  if (dialect === 'postgres') {
    // The same function (and trigger) name: replaced in place.
    await sql`create or replace function ${sql.id(PG_TRIGGER)}() returns trigger language plpgsql as $$
      begin
        if old.confirmed_at is not null then
          if tg_op = 'UPDATE' and new.recipient = ${erased}
            and (to_jsonb(new) - 'recipient') = (to_jsonb(old) - 'recipient') then
            return new;
          end if;
          raise exception '%', ${sql.lit(MESSAGE)} using errcode = 'restrict_violation';
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end
    $$`.execute(db);
    return;
  }
  const unchanged = sql.join(
    FIXED_COLUMNS.map((c) => sql`new.${sql.id(c)} is old.${sql.id(c)}`),
    sql` and `,
  );
  await sql`drop trigger ${sql.id(SQLITE_TRIGGERS.update)}`.execute(db);
  await sql`create trigger ${sql.id(SQLITE_TRIGGERS.update)} before update on ${sql.table(TABLE)}
    when old.confirmed_at is not null and not (new.recipient = ${erased} and ${unchanged})
    begin select raise(abort, ${sql.lit(MESSAGE)}); end`.execute(db);
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
  await allowRecipientErasure(db as unknown as Kysely<unknown>, 'sqlite');
}
