import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult } from 'kysely';

/** The connection as the driver uses it: better-sqlite3's, with its statements kept (db/kysely.ts). */
export type StatementSource = {
  prepare(sql: string): SQLite.Statement;
  close(): void;
  readonly inTransaction: boolean;
};

/**
 * SQLite for Kysely with group commit (issue 8). With synchronous=FULL every commit waits for the
 * disk (about 0.6 ms here, with the event loop blocked: better-sqlite3 is synchronous), which capped
 * the server at a few hundred writes a second. So the writes that arrive together share one commit:
 *
 * - A statement that writes, outside an explicit transaction, opens a batch (BEGIN IMMEDIATE) or
 *   joins the open one, runs at once, and its promise settles only when the batch is committed: one
 *   event-loop turn later (setImmediate), together with every write of that turn. Nobody is told
 *   "saved" before the disk has it. A statement that fails (a unique index) is undone alone by
 *   SQLite; the others commit. If the commit fails, every write of the batch fails.
 * - An explicit transaction (db.transaction()) runs alone, as before: it commits the open batch
 *   first, then runs between its own BEGIN IMMEDIATE and COMMIT, and everything else waits for it.
 * - Reads run at once. They may see a write of the open batch a moment before its commit (the same
 *   connection); should that commit fail (disk full), the writer gets the error and retries.
 * - A read from elsewhere while an explicit transaction runs does not wait for it when the database is
 *   a file: it runs on a second, read-only connection and sees what is committed (the open batch always
 *   is: a transaction commits it first), as any read does on PostgreSQL. A plan of 10,000 actions
 *   holds its transaction about a second; /api/health and the phones' lists answered only after it
 *   (issue 32, decision 053).
 *
 * Not for this driver: transaction control, VACUUM, ATTACH and connection PRAGMAs in queries (open the
 * better-sqlite3 handle for those), and migrating while requests run (server.ts migrates before it
 * listens). docs/decisions/053-sqlite-group-commit.md
 */
export class GroupCommitSqliteDriver implements Driver {
  #db: StatementSource;
  /** Read-only connection to the same file, for reads while a transaction runs (none in memory). */
  #reader: StatementSource | undefined;
  #batch: Array<{ settle: (error?: unknown) => void }> | null = null;
  /** The explicit transaction running now; the others and all lone statements wait for it. */
  #transaction: { connection: GroupCommitConnection; done: Promise<void>; end: () => void } | null = null;
  /** How many commits, how many writes they carried: for tests and the benchmark. */
  readonly stats = { commits: 0, groupedWrites: 0 };

  constructor(database: StatementSource, reader?: StatementSource) {
    this.#db = database;
    this.#reader = reader;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    while (this.#transaction) await this.#transaction.done;
    this.commitBatch();
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    this.#transaction = { connection: connection as GroupCommitConnection, done, end };
    try {
      this.#run('begin immediate');
    } catch (error) {
      this.#endTransaction();
      throw error;
    }
  }

  async commitTransaction(): Promise<void> {
    try {
      this.#run('commit');
      this.stats.commits++;
    } catch (error) {
      // SQLite may keep the failed transaction open (a deferred foreign key, a full disk): it is rolled
      // back before anyone waiting runs, so nobody sees its rows or finds the connection busy.
      this.#rollbackQuietly();
      throw error;
    } finally {
      this.#endTransaction();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // Kysely also rolls back after a failed commit, which has already ended it: by then the
    // connection may run someone else's batch or transaction, which must not be touched.
    if (this.#transaction?.connection !== connection) return;
    try {
      this.#rollbackQuietly();
    } finally {
      this.#endTransaction();
    }
  }

  async destroy(): Promise<void> {
    this.commitBatch();
    this.#reader?.close();
    this.#db.close();
  }

  /** Runs a compiled statement for a connection, as the rules above say. */
  async execute<R>(connection: GroupCommitConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#reader && this.#transaction && this.#transaction.connection !== connection) {
      const read = this.#reader.prepare(query.sql);
      if (read.readonly) return resultOf<R>(read, query.parameters);
    }
    while (this.#transaction && this.#transaction.connection !== connection) await this.#transaction.done;
    const statement = this.#db.prepare(query.sql);
    if (this.#transaction) return resultOf<R>(statement, query.parameters);
    if (statement.readonly) {
      try {
        return resultOf<R>(statement, query.parameters);
      } catch (error) {
        this.#checkBatch(error);
        throw error;
      }
    }
    this.#checkBatch(new Error('the open batch was rolled back'));
    if (!this.#batch) {
      // A transaction nobody owns (left by a failure) would swallow this batch: end it first.
      this.#rollbackQuietly();
      this.#run('begin immediate');
      this.#batch = [];
      setImmediate(() => this.commitBatch());
    }
    let result: QueryResult<R>;
    try {
      result = resultOf<R>(statement, query.parameters);
    } catch (error) {
      this.#checkBatch(error);
      throw error;
    }
    return new Promise((resolve, reject) => {
      this.#batch!.push({ settle: (error) => (error === undefined ? resolve(result) : reject(error as Error)) });
    });
  }

  /**
   * Runs a statement SQLite refuses inside a transaction (a WAL checkpoint) on the connection itself:
   * after the explicit transaction running now, with the open batch committed first.
   */
  async runOutsideTransactions<R>(sql: string): Promise<R[]> {
    while (this.#transaction) await this.#transaction.done;
    this.commitBatch();
    return this.#db.prepare(sql).all([]) as R[];
  }

  /** Commits the open batch, if any, and settles its writes. */
  commitBatch(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = null;
    try {
      this.#run('commit');
    } catch (error) {
      for (const write of batch) write.settle(batchFailure(error));
      this.#rollbackQuietly();
      return;
    }
    this.stats.commits++;
    this.stats.groupedWrites += batch.length;
    for (const write of batch) write.settle();
  }

  /**
   * Some failures (I/O, a full disk, OR ROLLBACK) make SQLite roll the whole batch back: then it failed
   * for every write in it, each told so with an error of its own (not the failing statement's, which
   * could read as its own unique-index conflict and stop its retry).
   */
  #checkBatch(error: unknown): void {
    if (!this.#batch || this.#db.inTransaction) return;
    const batch = this.#batch;
    this.#batch = null;
    for (const write of batch) write.settle(batchFailure(error));
  }

  /** Ends a transaction SQLite kept open; from setImmediate too, so it never throws. */
  #rollbackQuietly(): void {
    try {
      if (this.#db.inTransaction) this.#run('rollback');
    } catch {
      /* the connection reports it to the next statement */
    }
  }

  #endTransaction(): void {
    const transaction = this.#transaction;
    this.#transaction = null;
    transaction?.end();
  }

  #run(sql: string): void {
    this.#db.prepare(sql).run([]);
  }
}

/** What a write of a failed batch is told: retry (a 5xx), with the batch's cause. */
export class GroupCommitError extends Error {
  readonly code = 'SQLITE_GROUP_COMMIT_FAILED';
  constructor(cause: unknown) {
    super('the group commit of this write failed', { cause });
  }
}
const batchFailure = (cause: unknown) => new GroupCommitError(cause);

function resultOf<R>(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class GroupCommitConnection implements DatabaseConnection {
  readonly #driver: GroupCommitSqliteDriver;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute<R>(this, query);
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; nothing here streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used with SQLite here');
  }
}

/** Kysely's SQLite dialect with the group-commit driver above. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly driver: GroupCommitSqliteDriver;

  constructor(database: StatementSource, reader?: StatementSource) {
    this.driver = new GroupCommitSqliteDriver(database, reader);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
