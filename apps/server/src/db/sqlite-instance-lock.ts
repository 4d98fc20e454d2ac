import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

// SQLite serves one server instance (decision 131): two servers on one file would each run the
// scheduled jobs and the drain, and their group commits would wait on each other's write lock. The
// server (server.ts, never buildApp nor the CLI) holds an exclusive lock on a file beside the database
// for as long as it runs. The lock is SQLite's own, an OS file lock (fcntl), so the kernel drops it
// when the process ends in any way, kill -9 and a crash included: no stale lock to clean up, no pid to
// trust. `npm run admin`, `npm run seed` and `npm run blobs` do not take it: they are short and share
// the database file through SQLite's ordinary locking, as before.

export class SqliteInstanceLockedError extends Error {}

export type SqliteInstanceLock = { file: string; release: () => void };

/** The lock file of an SQLite database URL's file; null for PostgreSQL and an in-memory database. */
export function instanceLockFile(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') return null;
  const resolved = path.resolve(file);
  fs.mkdirSync(path.dirname(resolved), { recursive: true });
  // Through symbolic links (to the folder, or to the file once it exists): two paths to one database
  // meet on one lock file.
  const real = fs.existsSync(resolved)
    ? fs.realpathSync(resolved)
    : path.join(fs.realpathSync(path.dirname(resolved)), path.basename(resolved));
  return `${real}.server-lock`;
}

/**
 * Takes the instance lock of the SQLite database named by `databaseUrl`, or throws
 * SqliteInstanceLockedError naming why when another server holds it. Null on PostgreSQL.
 */
export function lockSqliteInstance(databaseUrl: string): SqliteInstanceLock | null {
  const file = instanceLockFile(databaseUrl);
  if (!file) return null;
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of waiting for it.
  const lock = new SQLite(file, { timeout: 0 });
  try {
    // Nothing in it needs a journal on disk: no -journal file beside it.
    lock.pragma('journal_mode = MEMORY');
    // In exclusive locking mode the connection keeps the lock of its first write until it is closed.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('create table if not exists server (pid integer not null, started_at text not null)');
    lock.exec('begin exclusive');
    lock.exec('delete from server');
    lock.prepare('insert into server (pid, started_at) values (?, ?)').run(process.pid, new Date().toISOString());
    lock.exec('commit');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new SqliteInstanceLockedError(
      `Another Promotor server is already running on the SQLite database ${file.replace(/\.server-lock$/, '')} ` +
        `(it holds ${path.basename(file)}). SQLite serves one server instance: stop the other one first, ` +
        'or run several instances on PostgreSQL (README, Deploying).',
    );
  }
  return { file, release: () => lock.close() };
}
