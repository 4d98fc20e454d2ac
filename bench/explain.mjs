// `npm run bench -- --scale --explain` runs this under tsx (node --import tsx bench/explain.mjs): the
// query plan of every SQL statement the hot paths run, on the scale database. The statements are not
// retyped: the server's own openDatabase and its service and repository functions run for a demo
// promoter while the database driver (better-sqlite3's statements, pg's Client#query) records each
// executed statement with its parameters, however the server builds them. Each one is then explained on
// a separate connection (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL) and full scans are flagged.
// Environment: BENCH_DATABASE_URL (the server's DATABASE_URL), BENCH_TOKEN (a session token of the
// promoter), BENCH_TIMEZONE.
import Database from 'better-sqlite3';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL;
const token = process.env.BENCH_TOKEN;
const timezone = process.env.BENCH_TIMEZONE ?? 'Europe/Warsaw';
if (!url || !token) throw new Error('BENCH_DATABASE_URL and BENCH_TOKEN are needed');

/** Statements as executed: the step that ran them, the SQL text, the driver's arguments. */
const captured = [];
let step = '';
let capturing = true;
const record = (text, args) => {
  // The connection's own set-up (PRAGMAs) runs before the first step and is no hot path; begin and
  // commit have no plan.
  if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text)) return;
  if (capturing && step && !captured.some((c) => c.text === text && JSON.stringify(c.args) === JSON.stringify(args)))
    captured.push({ step, text, args });
};

for (const method of ['all', 'get', 'run', 'iterate']) {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  const original = proto[method];
  proto[method] = function (...args) {
    record(this.source, args);
    return original.apply(this, args);
  };
}
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  if (typeof config === 'string' && Array.isArray(values)) record(config, [values]);
  // A prepared query goes as a named statement: { name, text, values } (db/kysely.ts).
  else if (config && typeof config.text === 'string' && Array.isArray(config.values)) record(config.text, [config.values]);
  return originalQuery.call(this, config, values, callback);
};

const { openDatabase } = await import('../apps/server/src/db/kysely.ts');
const actions = await import('../apps/server/src/modules/actions/actions.service.ts');
const auth = await import('../apps/server/src/modules/auth/auth.repository.ts');
const idempotency = await import('../apps/server/src/plugins/idempotency.repository.ts');

const handle = openDatabase({ url });
const deps = { db: handle.db, now: () => new Date(), timezone };
try {
  step = 'session lookup (every authenticated call)';
  const session = await auth.findSessionByToken(handle.db, token);
  if (!session) throw new Error('BENCH_TOKEN names no session');
  const caller = { userId: session.user_id };
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: timezone }).format(new Date());
  step = '/action/list (current)';
  await actions.list(deps, caller, {
    actions: { since: `${today} 00:00:00`, filters: { statuses: ['started', 'accepted'] } },
    pagination: { limit: 200, offset: 0 },
  });
  step = '/action/recent';
  const { current } = await actions.recent(deps, caller);
  if (!current) throw new Error('the promoter has no started action: /action/location/save cannot be explained');
  step = 'Idempotency-Key (every call that changes something)';
  const scope = `${caller.userId} /api/action/location/save`;
  const key = `bench-explain-${process.pid}`;
  await idempotency.insertPending(handle.db, { scope, key, request_hash: 'bench', created_at: new Date().toISOString() });
  await idempotency.find(handle.db, scope, key);
  step = '/action/location/save';
  await actions.saveLocation(deps, caller, {
    action: { uuid: current.uuid },
    location: { latitude: 52.2, longitude: 21.0, accuracy: 10, capturedAt: new Date().toISOString() },
  });
  step = 'Idempotency-Key (every call that changes something)';
  await idempotency.complete(handle.db, scope, key, 200, '{}');
} finally {
  capturing = false;
  await handle.destroy();
}

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
