// npm run bench:export [-- --db postgres]: the back office's CSV exports (issue 25: 100,000 rows in flat
// memory, decision 092) — peak heap and RSS while a client downloads them, beside the anchor of the
// same run: bare Fastify streaming the same number of rows of the same width through the same CSV
// writer from a generator (no database, nothing of ours), and for contrast the same file built whole
// in memory before it is sent (what a non-streamed export would cost).
// Runs under tsx with --expose-gc (the npm script passes both): the server is built in this process
// from its source (buildApp) on a fresh database — a temporary SQLite file, or with `--db postgres` a
// scratch database on BENCH_POSTGRES_URL, dropped afterwards — so process.memoryUsage() sees its heap.
// The download is fetched by this process too, each chunk counted and dropped. Memory is sampled every
// 10 ms after a full GC; "+MB" is the peak above that baseline ("live": heap right after a full GC, every
// 500 ms — what is held, not what waits for the collector). It prints numbers; not part of npm test.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { adminQuery } from './bench-db.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc --import tsx (npm run bench:export)');
const args = process.argv.slice(2);
const dbKind = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'sqlite';
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratchDb = `promotor_bench_export_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-bench-export-'));
const YEAR = '2031';

const { loadConfig } = await import('../apps/server/src/config/env.ts');
const { openMigratedDatabase } = await import('../apps/server/src/db/database-roles.ts');
const { ensureTerritory } = await import('../apps/server/src/db/territories.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { createStaff } = await import('../apps/server/src/modules/staff/staff-accounts.service.ts');
const { createPromoter } = await import('../apps/server/src/modules/auth/admin.service.ts');
const { CSV_OPTIONS } = await import('../apps/server/src/lib/csv-file.ts');

function databaseUrl() {
  if (dbKind !== 'postgres') return `sqlite:${path.join(dataDir, 'promotor.sqlite')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${scratchDb}`;
  return url.toString();
}

/** `ROWS` actions over the year (one point, one promoter, finished, one code handed out each), by the database itself. */
async function buildRows(db, ids) {
  const sqlite = dbKind === 'sqlite';
  const series = sqlite
    ? `with recursive s(n) as (select 0 union all select n + 1 from s where n < ${ROWS - 1})`
    : `with s(n) as (select generate_series(0::bigint, ${ROWS - 1}))`;
  const pad = (expr, width) => (sqlite ? `substr('0000000000' || (${expr}), -${width})` : `lpad((${expr})::text, ${width}, '0')`);
  const dayOffset = `n * 365 / ${ROWS}`;
  const day = sqlite
    ? `date('${YEAR}-01-01', (${dayOffset}) || ' days')`
    : `to_char(date '${YEAR}-01-01' + (${dayOffset})::int, 'YYYY-MM-DD')`;
  const hour = pad('8 + n % 10', 2);
  const action = `'bench-action-' || ${pad('n', 6)}`;
  const statements = [
    `insert into events (id, ident, name) values ('bench-event', 'EV-BENCH-EXPORT', 'Sampling glo, vuse, velo — eksport')`,
    `insert into voucher_batches (id, event_id, ident) values ('bench-batch', 'bench-event', 'Partia eksportu')`,
    `${series} insert into actions (id, ident, name, event_id, territory_id, since, until, global_status, created_at)
     select ${action}, 'BX-' || ${pad('n', 6)}, 'Degustacja „Żubr” — Punkt ' || ${pad('n', 6)}, 'bench-event', '${ids.territory}',
       ${day} || ' ' || ${hour} || ':00:00', ${day} || ' ' || ${hour} || ':45:00', 'finished', '${YEAR}-01-01T00:00:00.000Z' from s`,
    `${series} insert into action_points (id, action_id, position, name, street_address, postal_code, city_name, petra_id)
     select 'bench-point-' || ${pad('n', 6)}, ${action}, 0, 'Żabka ' || ${pad('n', 6)}, 'ul. Marszałkowska ' || (n % 200 + 1),
       '00-' || ${pad('n % 1000', 3)}, 'Łódź', 'P-B' || ${pad('n', 6)} from s`,
    `${series} insert into action_assignments (action_id, user_id, status, action_point_id, last_status_at, cancelled_at)
     select ${action}, '${ids.promoter}', 'finished', 'bench-point-' || ${pad('n', 6)}, ${day} || ' ' || ${hour} || ':45:00', null from s`,
    `${series} insert into vouchers (id, batch_id, ident, assigned_to, assigned_at, redeemed_at, redeemed_by, redeemed_date_time, redeemed_action_id)
     select 'bench-code-' || ${pad('n', 6)}, 'bench-batch', 'KOD-' || ${pad('n', 8)}, '${ids.promoter}', '${YEAR}-01-01T00:00:00.000Z',
       '${YEAR}-01-01T00:00:00.000Z', '${ids.promoter}', ${day} || ' ' || ${hour} || ':30:00', ${action} from s`,
  ];
  for (const text of statements) await sql.raw(text).execute(db);
  await sql.raw('analyze').execute(db);
}

const ANCHOR_HEADER = Array.from({ length: 17 }, (_, i) => `Kolumna ${i + 1}`);
/** Rows per chunk, as the server writes a page (500 actions, 1,000 codes). */
const ANCHOR_PAGE = 1000;

/** One row of the anchor: as wide as an actions.csv row (17 cells). */
const anchorRow = (i) => [
  'EV-BENCH-EXPORT',
  `BX-${String(i).padStart(6, '0')}`,
  `Degustacja „Żubr” — Punkt ${i}`,
  'WAW-BENCH',
  `Żabka ${i}`,
  'Łódź',
  '2031-01-01 08:00:00',
  '2031-01-01 08:45:00',
  'HSTBENCH',
  'Anna Nowak',
  'Zakończona',
  '',
  '',
  'Przesłany',
  'Zakończona',
  0,
  1,
];

async function startAnchor() {
  const app = Fastify({ logger: false });
  // The same writer as lib/csv-file.ts: the header with the BOM, then a chunk of text per page.
  app.get('/stream.csv', async (request, reply) => {
    const rows = Number(request.query.rows);
    async function* chunks() {
      yield stringify([ANCHOR_HEADER], CSV_OPTIONS);
      for (let start = 0; start < rows; start += ANCHOR_PAGE) {
        const page = Array.from({ length: Math.min(ANCHOR_PAGE, rows - start) }, (_, i) => anchorRow(start + i));
        yield stringify(page, { ...CSV_OPTIONS, bom: false });
      }
    }
    return reply.type('text/csv; charset=utf-8').send(Readable.from(chunks(), { objectMode: false }));
  });
  app.get('/whole.csv', async (request, reply) => {
    const rows = [ANCHOR_HEADER, ...Array.from({ length: Number(request.query.rows) }, (_, i) => anchorRow(i))];
    return reply.type('text/csv; charset=utf-8').send(stringify(rows, CSV_OPTIONS));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Downloads `url`, dropping each chunk; peak heap and RSS above the post-GC baseline, sampled every 10 ms. */
async function measure(label, url, headers = {}) {
  globalThis.gc();
  await sleep(50);
  globalThis.gc();
  const base = process.memoryUsage();
  let heap = base.heapUsed;
  let rss = base.rss;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  // What the process holds, not what the collector has yet to free: every 500 ms a full GC, then heapUsed.
  let live = base.heapUsed;
  const timer = setInterval(sample, 10);
  const collect = setInterval(() => {
    globalThis.gc();
    live = Math.max(live, process.memoryUsage().heapUsed);
  }, 500);
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  clearInterval(collect);
  sample();
  return {
    label,
    rows: lines - 1,
    mb: bytes / 1e6,
    seconds,
    heap: (heap - base.heapUsed) / 1e6,
    live: (live - base.heapUsed) / 1e6,
    rss: (rss - base.rss) / 1e6,
    peakRss: rss / 1e6,
  };
}

function print(results) {
  console.log(`\nCSV exports, ${dbKind}, ${ROWS} rows built (Node ${process.version}):`);
  console.log(
    'case'.padEnd(52),
    'rows'.padStart(8),
    'MB'.padStart(6),
    's'.padStart(6),
    'heap +MB'.padStart(9),
    'live +MB'.padStart(9),
    'RSS +MB'.padStart(8),
    'RSS MB'.padStart(7),
  );
  for (const r of results) {
    console.log(
      r.label.padEnd(52),
      String(r.rows).padStart(8),
      r.mb.toFixed(1).padStart(6),
      r.seconds.toFixed(2).padStart(6),
      r.heap.toFixed(1).padStart(9),
      r.live.toFixed(1).padStart(9),
      r.rss.toFixed(1).padStart(8),
      r.peakRss.toFixed(0).padStart(7),
    );
  }
}

if (dbKind === 'postgres') await adminQuery(POSTGRES_URL, `create database ${scratchDb}`);
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl(),
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  // Production on PostgreSQL asks for the keys every instance shares (decision 133); a scratch database's own.
  IDEMPOTENCY_HASH_KEY: randomBytes(32).toString('base64'),
  CONSENT_PROOF_KEY: randomBytes(32).toString('base64'),
});
const database = await openMigratedDatabase({ url: config.databaseUrl });
let app;
let anchor;
try {
  const territory = await ensureTerritory(database.db, 'WAW-BENCH');
  const promoter = await createPromoter(database.db, {
    username: 'anna.bench@test.pl',
    password: 'haslo-bench-1',
    ident: 'HSTBENCH',
    firstname: 'Anna',
    lastname: 'Nowak',
    mobilePhone: null,
    territories: ['WAW-BENCH'],
  });
  await createStaff(database.db, {
    username: 'admin.bench@test.pl',
    password: 'haslo-bench-1',
    firstname: 'Beata',
    lastname: 'Biurowa',
    roles: ['admin'],
    territories: [],
  });
  const building = performance.now();
  await buildRows(database.db, { territory, promoter });
  console.log(`built ${ROWS} actions, points, assignments and codes in ${((performance.now() - building) / 1000).toFixed(1)} s`);

  app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  anchor = await startAnchor();
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const anchorBase = `http://127.0.0.1:${anchor.server.address().port}`;
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin.bench@test.pl', password: 'haslo-bench-1' }),
  });
  const token = (await login.json()).data.token.token;
  const auth = { authorization: `Bearer ${token}` };
  const year = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
  const tenth = Math.round(ROWS / 10);

  const results = [];
  // Once each before measuring: code paths compiled, statements prepared, pages in the cache.
  await measure('warm-up', `${base}/api/admin/exports/actions.csv?from=${YEAR}-01-01&to=${YEAR}-01-05`, auth);
  await measure('warm-up', `${anchorBase}/stream.csv?rows=${tenth}`);
  results.push(await measure(`anchor: bare Fastify streaming ${ROWS} rows`, `${anchorBase}/stream.csv?rows=${ROWS}`));
  results.push(await measure(`contrast: bare Fastify, the file built whole first`, `${anchorBase}/whole.csv?rows=${ROWS}`));
  results.push(
    await measure(
      'actions.csv, 37 days (~1/10 of the rows)',
      `${base}/api/admin/exports/actions.csv?from=${YEAR}-01-01&to=${YEAR}-02-06`,
      auth,
    ),
  );
  results.push(await measure('actions.csv, the year', `${base}/api/admin/exports/actions.csv?${year}`, auth));
  results.push(await measure('redemptions.csv, the year', `${base}/api/admin/exports/redemptions.csv?${year}`, auth));
  results.push(
    await measure(
      'registrations.csv, the year (no registrations: pages only)',
      `${base}/api/admin/exports/registrations.csv?${year}`,
      auth,
    ),
  );
  print(results);
} finally {
  await anchor?.close();
  await app?.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (dbKind === 'postgres') await adminQuery(POSTGRES_URL, `drop database if exists ${scratchDb} with (force)`);
}
