import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { newId } from '../lib/crypto.ts';
import { openDatabase, type Db, type Dialect } from '../db/kysely.ts';
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts';
import { dropTestSchema, whileNoSchemaIsDropped } from './test-app.ts';

// For a migration's test: a database of its own (a SQLite file, or a PostgreSQL schema) migrated up to
// the migration before, rows written as the tables were then (not by the builders, which know today's
// columns), then the rest of the migrations.

async function onPg(sqlText: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  await client.query(sqlText).finally(() => client.end());
}

export type MigrationDatabase = {
  db: Db;
  /** Applies every migration after the one it was made at. */
  migrateRest: () => Promise<void>;
  /** Closes and removes it. */
  close: () => Promise<void>;
};

/** A new database migrated up to and including `migration` (e.g. '022-retention-indexes'). */
export async function databaseAt(dialect: Dialect, migration: string): Promise<MigrationDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-migration-'));
  const schema = `m_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') await onPg(`create schema ${schema}`);
  const url = dialect === 'sqlite' ? `sqlite:${path.join(dir, 'm.sqlite')}` : process.env.TEST_DATABASE_URL!;
  const database = openDatabase({ url, ...(dialect === 'postgres' ? { schema } : {}) });
  const inSchema = dialect === 'postgres' ? schema : undefined;
  // Kysely's migrator looks at every schema of the cluster: as test-app.ts does, migrations hold the
  // shared lock that a schema's drop takes alone (a file's schema dropped mid-look-up failed a run).
  const migrating = (fn: () => Promise<unknown>) =>
    dialect === 'postgres' ? whileNoSchemaIsDropped(process.env.TEST_DATABASE_URL!, fn) : fn();
  await migrating(() => migrateUpTo(database.db, dialect, migration, inSchema));
  return {
    db: database.db,
    migrateRest: async () => {
      await migrating(() => migrateToLatest(database.db, dialect, inSchema));
    },
    close: async () => {
      await database.destroy();
      if (dialect === 'postgres') await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A promoter, with the columns every migration since 001 has. */
export async function insertOldPromoter(db: Db, at: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      ident: `HST-${id.slice(0, 8)}`,
      username: `u-${id}@test.pl`,
      password_hash: 'x',
      firstname: 'A',
      lastname: 'B',
      email_address: null,
      mobile_phone: null,
      created_at: at,
    })
    .execute();
  return id;
}

/** A started action of a new event, with the columns every migration since 002 has. */
export async function insertOldAction(db: Db, o: { at: string; since: string; until: string; name?: string }): Promise<string> {
  const eventId = newId();
  await db
    .insertInto('events')
    .values({ id: eventId, ident: `EV-${eventId.slice(0, 6)}`, name: 'E' })
    .execute();
  const actionId = newId();
  await db
    .insertInto('actions')
    .values({
      id: actionId,
      ident: `A-${actionId.slice(0, 6)}`,
      name: o.name ?? 'A',
      event_id: eventId,
      since: o.since,
      until: o.until,
      global_status: 'started',
      created_at: o.at,
    })
    .execute();
  return actionId;
}
