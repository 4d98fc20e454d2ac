import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepingStatements } from './kysely.ts';
import { GroupCommitError, GroupCommitSqliteDialect } from './sqlite-group-commit.ts';

type Db = Kysely<{ pings: { id: string; note: string | null }; replies: { id: string; ping_id: string } }>;

// Issue 8: writes that arrive together share one commit, and none is reported before its commit.
describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let dialect: GroupCommitSqliteDialect;
  let db: Db;
  /** Another connection to the same file: it sees only what is committed. */
  let observer: SQLite.Database;
  const committed = () => (observer.prepare('select id from pings order by id').all() as { id: string }[]).map((r) => r.id);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-group-commit-'));
    file = path.join(dir, 'db.sqlite');
    // A short busy timeout: one test makes another process hold the write lock.
    const database = new SQLite(file, { timeout: 100 });
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = FULL');
    dialect = new GroupCommitSqliteDialect(keepingStatements(database), keepingStatements(new SQLite(file, { readonly: true })));
    db = new Kysely({ dialect });
    await sql`create table pings (id text primary key, note text)`.execute(db);
    // Checked at commit: a write that breaks it makes the commit itself fail.
    await sql`create table replies (id text primary key, ping_id text references pings (id) deferrable initially deferred)`.execute(db);
    observer = new SQLite(file);
  });
  afterEach(async () => {
    observer.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (id: string) => db.insertInto('pings').values({ id, note: null }).execute();

  it('writes sent together share one commit, and each is on disk when its promise settles', async () => {
    const before = { ...dialect.driver.stats };
    const seen: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map(async (id) => {
        await insert(id);
        seen.push(committed());
      }),
    );
    expect(dialect.driver.stats.commits - before.commits).toBe(1);
    expect(dialect.driver.stats.groupedWrites - before.groupedWrites).toBe(5);
    // Every writer, when told "saved", finds all five committed: another connection reads them.
    for (const rows of seen) expect(rows).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a WAL checkpoint waits for the transaction running, then copies the WAL in and leaves it empty', async () => {
    const checkpoint = () => dialect.driver.runOutsideTransactions<{ busy: number; log: number }>('pragma wal_checkpoint(TRUNCATE)');
    const walSize = () => fs.statSync(`${file}-wal`).size;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('pings').values({ id: 'in-transaction', note: null }).execute();
      await holding;
    });
    await new Promise((resolve) => setImmediate(resolve));
    let checkpointed = false;
    const afterTransaction = checkpoint().then((result) => ((checkpointed = true), result));
    await new Promise((resolve) => setImmediate(resolve));
    expect(checkpointed).toBe(false);
    release();
    await transaction;
    expect(await afterTransaction).toEqual([expect.objectContaining({ busy: 0, log: 0 })]);
    expect([committed(), walSize()]).toEqual([['in-transaction'], 0]);
  });

  it('a write that fails fails alone: the others of its commit are kept', async () => {
    await insert('taken');
    const results = await Promise.allSettled([insert('x'), insert('taken'), insert('y')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(committed()).toEqual(['taken', 'x', 'y']);
  });

  it('when the commit fails, every write of the batch is refused, and none is kept', async () => {
    const orphan = sql`insert into replies (id, ping_id) values ('r1', 'no-such-ping')`.execute(db);
    const results = await Promise.allSettled([insert('p'), orphan, insert('q')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Each is told its batch failed (a retry), with the cause, not as its own constraint conflict.
    const reason = (results[0] as PromiseRejectedResult).reason as GroupCommitError;
    expect(reason).toBeInstanceOf(GroupCommitError);
    expect(reason.cause).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(committed()).toEqual([]);
    await insert('r');
    expect(committed()).toEqual(['r']);
  });

  it('a batch that cannot begin (another process holds the write lock) refuses its write and the next one works', async () => {
    const blocker = new SQLite(file);
    blocker.prepare('begin immediate').run();
    try {
      await expect(insert('p')).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    } finally {
      blocker.prepare('rollback').run();
      blocker.close();
    }
    await insert('q');
    expect(committed()).toEqual(['q']);
  });

  it('a transaction whose commit fails is rolled back before anyone waiting runs', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into replies (id, ping_id) values ('r1', 'no-such-ping')`.execute(trx);
      await paused;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const read = db.selectFrom('replies').select('id').execute();
    const write = insert('waiting');
    const next = db.transaction().execute((trx) => trx.insertInto('pings').values({ id: 'next', note: null }).execute());
    release();
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(await read).toEqual([]);
    await write;
    await next;
    expect(committed()).toEqual(['next', 'waiting']);
  });

  it('a transaction runs alone: it commits the open batch first, and a rollback leaves others untouched', async () => {
    const lone = insert('before');
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('pings').values({ id: 'inside', note: null }).execute();
        // The batch written before the transaction began is already on disk; the transaction is not.
        expect(committed()).toEqual(['before']);
        throw new Error('changed her mind');
      })
      .catch(() => {});
    await lone;
    expect(committed()).toEqual(['before']);
  });

  it('while a transaction runs, a read from elsewhere answers at once with what is committed; a write waits for it', async () => {
    await insert('before');
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('pings').values({ id: 'tx', note: 'first' }).execute();
      await paused;
      await trx.updateTable('pings').set({ note: 'final' }).where('id', '=', 'tx').execute();
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Issue 32: /api/health and the phones' reads answered only after a 10,000-action import's commit.
    expect(await db.selectFrom('pings').select('id').orderBy('id').execute()).toEqual([{ id: 'before' }]);
    const write = insert('after');
    let writeDone = false;
    void write.then(() => (writeDone = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writeDone).toBe(false);
    release();
    await transaction;
    expect(await db.selectFrom('pings').select('note').where('id', '=', 'tx').executeTakeFirst()).toEqual({ note: 'final' });
    await write;
    expect(committed()).toEqual(['after', 'before', 'tx']);
  });

  it('in memory (no second connection) a read from elsewhere waits for the transaction and sees its result', async () => {
    const memory = new Kysely<{ pings: { id: string; note: string | null } }>({
      dialect: new GroupCommitSqliteDialect(keepingStatements(new SQLite(':memory:'))),
    });
    try {
      await sql`create table pings (id text primary key, note text)`.execute(memory);
      let release!: () => void;
      const paused = new Promise<void>((resolve) => (release = resolve));
      const transaction = memory.transaction().execute(async (trx) => {
        await trx.insertInto('pings').values({ id: 'tx', note: 'first' }).execute();
        await paused;
        await trx.updateTable('pings').set({ note: 'final' }).where('id', '=', 'tx').execute();
      });
      await new Promise((resolve) => setImmediate(resolve));
      const read = memory.selectFrom('pings').select('note').where('id', '=', 'tx').executeTakeFirst();
      let readDone = false;
      void read.then(() => (readDone = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(readDone).toBe(false);
      release();
      await transaction;
      expect(await read).toEqual({ note: 'final' });
    } finally {
      await memory.destroy();
    }
  });

  it('a write with RETURNING is a write: it waits for its commit and answers its rows', async () => {
    const rows = await db.insertInto('pings').values({ id: 'ret', note: 'n' }).returning(['id', 'note']).execute();
    expect(rows).toEqual([{ id: 'ret', note: 'n' }]);
    expect(committed()).toEqual(['ret']);
  });
});
