import { sql, type Kysely } from 'kysely';
import { refuseUpdateAndDelete } from '../append-only.ts';
import type { Dialect } from '../kysely.ts';

// Issue 40: the audit log gets a total order. Entries written within one clock tick share their `at`,
// and ordering by (at, id) put them in a random order (ids are random): an append-only log lists in
// the order it was written. `seq` is given by the database at each insert and never reused.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // An identity column numbers the existing rows in their stored order (the table is never updated,
    // so that is the order they were written in). Rewriting the table fires no row trigger.
    await sql`alter table audit_log add column seq bigint generated always as identity`.execute(db);
    await db.schema.createIndex('audit_log_seq_idx').on('audit_log').column('seq').unique().execute();
    return;
  }
  // SQLite cannot add such a column: the table is made again with `seq` as its rowid (AUTOINCREMENT:
  // never reused, even after the newest row went), the rows copied in rowid order, which is the order
  // they were inserted in. DROP TABLE deletes no row through the append-only triggers (SQLite fires
  // none for it) and drops them with the table; they are made again on the new one.
  await sql`create table audit_log_ordered (
    seq integer primary key autoincrement,
    id text not null unique,
    at text not null,
    actor_type text not null,
    actor_id text,
    actor_name text,
    actor_roles text not null,
    verb text not null,
    object_type text,
    object_id text,
    address text,
    details text
  )`.execute(db);
  const columns = sql.raw('id, at, actor_type, actor_id, actor_name, actor_roles, verb, object_type, object_id, address, details');
  await sql`insert into audit_log_ordered (${columns}) select ${columns} from audit_log order by rowid`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`alter table audit_log_ordered rename to audit_log`.execute(db);
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_object_idx').on('audit_log').columns(['object_type', 'object_id']).execute();
  await refuseUpdateAndDelete(db, 'sqlite', 'audit_log');
}
