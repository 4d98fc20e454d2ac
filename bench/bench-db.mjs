// The bench's own connection to the server's database (a second one, next to the server's): plain SQL
// through better-sqlite3 or pg, with '?' placeholders on both. The scale data, the flush scenario's
// set-up and its checks write and read through it; nothing here imports the server's code.
import Database from 'better-sqlite3';
import pg from 'pg';

/** '?' placeholders become $1, $2 … for PostgreSQL (the bench's SQL never has a '?' in a literal). */
const numbered = (text) => {
  let i = 0;
  return text.replace(/\?/g, () => `$${++i}`);
};

/**
 * @param {{ kind: 'sqlite', file: string } | { kind: 'postgres', url: string }} target
 */
export async function openBenchDb(target) {
  if (target.kind === 'sqlite') {
    const database = new Database(target.file);
    // The server holds the file open in WAL mode; wait for its writes rather than fail on them.
    database.pragma('busy_timeout = 30000');
    database.pragma('foreign_keys = ON');
    // Bench data, not promises to users: no fsync per transaction.
    database.pragma('synchronous = OFF');
    database.pragma('cache_size = -200000');
    return {
      kind: 'sqlite',
      exec: async (text) => void database.exec(text),
      all: async (text, params = []) => database.prepare(text).all(...params),
      run: async (text, params = []) => Number(database.prepare(text).run(...params).changes),
      transaction: async (work) => {
        database.exec('begin immediate');
        try {
          await work();
          database.exec('commit');
        } catch (error) {
          database.exec('rollback');
          throw error;
        }
      },
      close: async () => database.close(),
    };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return {
    kind: 'postgres',
    exec: async (text) => void (await client.query(text)),
    all: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    run: async (text, params = []) => (await client.query(numbered(text), params)).rowCount ?? 0,
    transaction: async (work) => {
      await client.query('begin');
      try {
        await work();
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    close: () => client.end(),
  };
}

/** Inserts rows (objects with the same keys) in multi-row statements of `batch` rows. */
export async function insertRows(db, table, rows, batch = 200) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const text = `insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => tuple).join(', ')}`;
    await db.run(
      text,
      chunk.flatMap((row) => columns.map((c) => row[c])),
    );
  }
}

/** Row counts of the named tables, as numbers. */
export async function countRows(db, tables) {
  const counts = {};
  for (const table of tables) counts[table] = Number((await db.all(`select count(*) as n from ${table}`))[0].n);
  return counts;
}

/** One statement on PostgreSQL's server as a superuser (`url`): a scratch database created or dropped. */
export async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
