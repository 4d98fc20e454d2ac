// `npm run bench -- --scale --explain` runs this under tsx (node --import tsx bench/explain.mjs): the
// query plan of every SQL statement the hot paths run, on the scale database. The statements are those
// the server's own code executes (bench/hot-statements.mjs); each one is explained on a separate
// connection (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL) and full scans are flagged.
// Environment: BENCH_DATABASE_URL (the server's DATABASE_URL), BENCH_TOKEN (a session token of the
// promoter), BENCH_TIMEZONE.
import Database from 'better-sqlite3';
import pg from 'pg';
import { captureHotStatements, originalQuery } from './hot-statements.mjs';

const url = process.env.BENCH_DATABASE_URL;
const token = process.env.BENCH_TOKEN;
const timezone = process.env.BENCH_TIMEZONE ?? 'Europe/Warsaw';
if (!url || !token) throw new Error('BENCH_DATABASE_URL and BENCH_TOKEN are needed');

// Each statement once, under the first step that ran it.
const captured = (await captureHotStatements({ url, token, timezone })).filter(
  (statement, index, all) =>
    all.findIndex((other) => other.text === statement.text && JSON.stringify(other.args) === JSON.stringify(statement.args)) === index,
);

/** The plan as lines; SQLite's rows form a tree by their parent ids. */
async function explain({ text, args }) {
  if (url.startsWith('sqlite:')) {
    const database = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      const rows = database.prepare(`explain query plan ${text}`).all(...args);
      const depth = new Map([[0, -1]]);
      return rows.map((r) => {
        depth.set(r.id, (depth.get(r.parent) ?? -1) + 1);
        return `${'  '.repeat(depth.get(r.id))}${r.detail}`;
      });
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await originalQuery.call(client, `explain ${text}`, args[0] ?? [])).rows.map((r) => r['QUERY PLAN']);
  } finally {
    await client.end();
  }
}

/** The table an alias of the statement stands for ("actions" as "a"). */
const tableOf = (text, alias) => new RegExp(`"(\\w+)" as "${alias}"`).exec(text)?.[1] ?? alias;

/**
 * What deserves a look: a full scan of a table (SQLite "SCAN t" without an index, PostgreSQL "Seq Scan
 * on t") or a whole index walked, with the table's size; a sort of the rows found is only noted.
 */
function suspicious(line, text) {
  const sqliteScan = /^\s*SCAN (\S+)(?: USING (?:COVERING )?INDEX (\S+))?/.exec(line);
  if (sqliteScan) {
    const table = tableOf(text, sqliteScan[1]);
    return { table, what: sqliteScan[2] ? `whole index ${sqliteScan[2]} of ${table} walked` : `full table scan of ${table}` };
  }
  const seq = /Seq Scan on (\w+)/.exec(line);
  if (seq) return { table: seq[1], what: `sequential scan of ${seq[1]}` };
  if (/USE TEMP B-TREE|(^|->)\s*Sort\s+\(/.test(line)) return { what: 'sort of the rows found (no index order)' };
  return null;
}

async function rowCount(table) {
  if (url.startsWith('sqlite:')) {
    const database = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      return database.prepare(`select count(*) as n from "${table}"`).get().n;
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await originalQuery.call(client, `select count(*) as n from "${table}"`)).rows[0].n);
  } finally {
    await client.end();
  }
}

const flags = [];
console.log(`\nquery plans (${url.startsWith('sqlite:') ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'}), ${captured.length} statements:`);
for (const statement of captured) {
  const plan = await explain(statement);
  console.log(`\n[${statement.step}]\n  ${statement.text.replace(/\s+/g, ' ')}`);
  for (const line of plan) {
    const flag = suspicious(line, statement.text);
    const rows = flag?.table ? ` (${(await rowCount(flag.table)).toLocaleString('en')} rows)` : '';
    if (flag) flags.push(`${statement.step}: ${flag.what}${rows}`);
    console.log(`    ${line}${flag ? `   <-- ${flag.what}${rows}` : ''}`);
  }
}
console.log(flags.length ? `\nto look at:\n${flags.map((f) => `  - ${f}`).join('\n')}\n` : '\nno full scans, no sorts\n');
