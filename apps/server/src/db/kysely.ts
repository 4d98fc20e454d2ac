import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema.ts';
import { statementNameOf } from './prepared-query.ts';
import { GroupCommitSqliteDialect, type StatementSource } from './sqlite-group-commit.ts';

export type Dialect = 'sqlite' | 'postgres';

// Declared in schema.ts (no cycle with prepared-query.ts); the code imports it from here as before.
export type { Db };

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /**
   * After an erasure (decision 108): no older version of what was overwritten or deleted is left in the
   * database's files, as far as the app can see to it. SQLite: secure_delete (set at open) has zeroed
   * the freed space in the file; the WAL, which holds whole pages as they were, is copied in and
   * emptied (checkpoint TRUNCATE). PostgreSQL: nothing here — dead row versions stay until VACUUM, which
   * only the tables' owner may run (README, Deploying). False when a reader of another connection (a
   * backup tool) kept the WAL from being emptied: its copies then stay until the next checkpoint.
   */
  dropOldVersions: () => Promise<boolean>;
  destroy: () => Promise<void>;
  /**
   * PostgreSQL: the pool's connections now, for /metrics (decision 132). SQLite has none: one connection
   * (and a read-only one), which nothing waits for in a queue of its own.
   */
  pool?: () => PoolUsage;
};

/** A connection pool's state: connections open, idle, and callers waiting for one. */
export type PoolUsage = { total: number; idle: number; waiting: number; max: number };

export type DatabaseOptions = {
  url: string;
  /** PostgreSQL only: work inside this schema (tests give each file a fresh one). */
  schema?: string;
};

/** Opens the database named by the URL: `sqlite:<path>` (or `sqlite::memory:`) or `postgres://…`. */
export function openDatabase({ url, schema }: DatabaseOptions): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, schema);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  // Durability first: a write the user was told succeeded must survive a power cut.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // What is deleted or overwritten is overwritten with zeros, not left in free pages and free space
  // within pages, where an erased consumer's e-mail could be read from the file (decision 108).
  database.pragma('secure_delete = ON');
  // Reads from elsewhere while a transaction runs use a second, read-only connection (db/sqlite-group-commit.ts).
  const reader = file === ':memory:' ? undefined : new SQLite(file, { readonly: true, timeout: 5000 });
  const dialect = new GroupCommitSqliteDialect(keepingStatements(database), reader && keepingStatements(reader));
  const db = new Kysely<Database>({ dialect });
  const dropOldVersions = async () => {
    const [result] = await dialect.driver.runOutsideTransactions<{ busy: number }>('pragma wal_checkpoint(TRUNCATE)');
    return result?.busy === 0;
  };
  return { db, dialect: 'sqlite', dropOldVersions, destroy: () => db.destroy() };
}

/** How many prepared statements the SQLite connection keeps: every query the code writes, with room. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with its prepared statements kept. Kysely's driver prepares every query anew, which was
 * a quarter of /action/list's time under load (issue 8). A Kysely query's SQL text is the same on every
 * call of one code path (values travel as parameters), so statements are kept by their text, the least
 * recently used dropped beyond the limit (lists of varying length make new texts). Reusing one is safe:
 * Kysely runs one query at a time on the connection, and SQLite prepares a statement again by itself
 * when the schema changes (a migration).
 */
export function keepingStatements(database: SQLite.Database, limit = STATEMENT_CACHE_SIZE): StatementSource {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    get inTransaction() {
      return database.inTransaction;
    },
    prepare(text) {
      const kept = statements.get(text);
      if (kept) {
        // Map keeps insertion order: moving it to the end makes the first entry the least recently used.
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = database.prepare(text);
      statements.set(text, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** Connections per instance's pool (PostgreSQL). */
export const POOL_MAX = 10;

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPreparedStatements(pool) }) });
  // Dead row versions are the owner's VACUUM's (README, Deploying): the app's role may not run it.
  const usage = (): PoolUsage => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX });
  return { db, dialect: 'postgres', dropOldVersions: async () => true, destroy: () => db.destroy(), pool: usage };
}

/**
 * The pool as Kysely sees it, with a prepared query's SQL (db/prepared-query.ts) sent as a named
 * statement: each connection parses and plans it once, then only binds values (issue 8). Other
 * queries go as they are. Kysely keys its connections by client, so each client keeps one wrapper.
 */
function namingPreparedStatements(pool: pg.Pool) {
  const wrappers = new WeakMap<pg.PoolClient, pg.PoolClient>();
  // A plan that no longer fits its table (a column changed by a migration elsewhere: 0A000) or a
  // statement the server forgot (26000) would fail on this connection for good: it is replaced.
  const brokenStatement = new Set(['0A000', '26000']);
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      let broken = false;
      wrapper = Object.create(client, {
        query: {
          value: async (text: unknown, values?: unknown[]) => {
            const name = typeof text === 'string' ? statementNameOf(text) : undefined;
            if (!name) return client.query(text as string, values);
            try {
              return await client.query({ name, text: text as string, values });
            } catch (error) {
              if (brokenStatement.has((error as { code?: string }).code ?? '')) broken = true;
              throw error;
            }
          },
        },
        release: { value: (error?: Error | boolean) => client.release(broken || error) },
      }) as pg.PoolClient;
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}

/** A unique index refused the write (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
