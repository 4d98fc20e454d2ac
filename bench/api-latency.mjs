#!/usr/bin/env node
// npm run bench [-- --db postgres] [--scale [--explain]] [--flush] [--plan-import] [--hostile-import] [--live]: the API's hot paths under load, side
// by side with bare Fastify.
// Starts the anchor (bench/anchor-server.mjs: bare Fastify 5 + the same zod type provider, one
// validated POST) and the real server on a fresh database (a temporary SQLite file, or with
// `--db postgres` a scratch database created on BENCH_POSTGRES_URL and dropped afterwards), logs in as
// the demo promoters, and drives each case with autocannon from this process (not the servers'):
// req/s, p50 and p99 latency, and the rate as a share of the anchor's. Under session, list and recent
// it prints their database floor: the anchor again, running just the read statements that call runs in
// the server (captured from the server's code, bench/floor-capture.mjs) — how far that call could go if
// nothing of ours but its SQL cost anything. It prints numbers; it is not part of npm test.
// BENCH_SECONDS (10) and BENCH_CONNECTIONS (16) change the load.
//   --scale    the cases on the demo data, then on a year of a large field force added to the same
//              database (bench/scale-data.mjs), and the ratio of the two
//   --explain  with --scale: the query plan of each statement the hot paths run (bench/explain.mjs)
//   --flush    instead of the cases: 1,000 phones flushing their outboxes at once (bench/flush.mjs)
//   --plan-import  instead of the cases: the back office's import of a 10,000-row plan beside its
//              database floor (bench/plan-import.mjs)
//   --hostile-import  instead of the cases: the files that cost the imports most (blank lines, the
//              costliest within the limits), /api/health's latency while each is imported (bench/hostile-import.mjs)
//   --live     instead of the cases: the scale data plus 1,000 running actions today, and the back
//              office's /api/admin/live beside the anchor (bench/live-day.mjs; BENCH_LIVE_CONNECTIONS, 1)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { adminQuery, openBenchDb } from './bench-db.mjs';
import { runFlush } from './flush.mjs';
import { buildLiveData, runLive } from './live-day.mjs';
import { runHostileImport } from './hostile-import.mjs';
import { runPlanImport } from './plan-import.mjs';
import { addRedeemPool } from './voucher-pool.mjs';
import { buildScaleData } from './scale-data.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dbKind = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'sqlite';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const ANCHOR_PORT = PORT + 99;
const FLOOR_PORT = PORT + 98;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-bench-'));
const scratchDb = `promotor_bench_${process.pid}`;
const TIMEZONE = process.env.APP_TIMEZONE ?? 'Europe/Warsaw';
const scale = args.includes('--scale');
const flush = args.includes('--flush');
const planImport = args.includes('--plan-import');
const hostileImport = args.includes('--hostile-import');
const explain = args.includes('--explain');
const liveDay = args.includes('--live');
if (explain && !scale) throw new Error('--explain goes with --scale');

function databaseUrl() {
  if (dbKind !== 'postgres') return {};
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${scratchDb}`;
  return { DATABASE_URL: url.toString() };
}

/** The bench's own connection to the server's database (the server keeps its own). */
const benchDb = () =>
  openBenchDb(
    dbKind === 'postgres'
      ? { kind: 'postgres', url: databaseUrl().DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'promotor.sqlite') },
  );

async function withBenchDb(work) {
  const db = await benchDb();
  try {
    await work(db);
  } finally {
    await db.close();
  }
}

/** The server's database as its DATABASE_URL names it. */
const serverDatabaseUrl = () => (dbKind === 'postgres' ? databaseUrl().DATABASE_URL : `sqlite:${path.join(dataDir, 'promotor.sqlite')}`);

/** A bench script under tsx, as its own process (it opens the database with the server's code). */
function underTsx(script, token, env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', script)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: serverDatabaseUrl(), BENCH_TOKEN: token, BENCH_TIMEZONE: TIMEZONE, ...env },
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/${script} exited with ${code}`)))),
  );
}

const explainPlans = (token) => underTsx('explain.mjs', token);

/**
 * The database floor (bench/anchor-server.mjs with BENCH_FLOOR_FILE): the anchor again, running before
 * each answer the read statements Anna's session, list and recent run in the server. Its rate is
 * what those calls could reach if everything of ours but their SQL cost nothing.
 */
async function startFloor(token) {
  const file = path.join(dataDir, 'floor-statements.json');
  await underTsx('floor-capture.mjs', token, { BENCH_FLOOR_FILE: file });
  const floor = start(path.join(root, 'bench/anchor-server.mjs'), root, {
    PORT: String(FLOOR_PORT),
    BENCH_FLOOR_FILE: file,
    BENCH_DATABASE_URL: serverDatabaseUrl(),
  });
  children.push(floor);
  await waitFor(`http://127.0.0.1:${FLOOR_PORT}/floor`);
}

function start(file, cwd, env) {
  return spawn(process.execPath, [file], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
}

async function waitFor(url, init) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url, init)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function call(pathname, body, token) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${base}/api${pathname}`, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const json = await res.json();
  if (!json.status?.success) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json.data)}`);
  return json.data;
}

/**
 * Idempotency-Keys given so far, over the whole run: a case run again (at scale, after the demo data)
 * must send new ones, or the server answers its requests as replays of the first run's.
 */
let keysGiven = 0;

/** One case under load: autocannon's req/s (mean), p50 and p99 in ms, and anything that was not a 2xx. */
async function load(url, { body, token, perRequestKey = false, nextBody }) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    body: JSON.stringify(body ?? {}),
    // Each location ping or redemption is its own intent: a fresh Idempotency-Key, as the app sends
    // it; a redemption also gives another code each time (nextBody).
    ...(perRequestKey
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, 'idempotency-key': `bench-${process.pid}-${keysGiven++}` },
                ...(nextBody ? { body: JSON.stringify(nextBody()) } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** The table of cases: each hot path under autocannon, next to the anchor. Returns each case's figures. */
async function runCases(anna, piotr, label) {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: TIMEZONE }).format(new Date());
  const listBody = {
    actions: { since: `${today} 00:00:00`, filters: { statuses: ['started', 'accepted'] } },
    pagination: { limit: 200, offset: 0 },
  };
  const started = (await call('/action/recent', undefined, piotr)).action.current.uuid;
  const ping = { action: { uuid: started }, location: { latitude: 50.06, longitude: 19.94, accuracy: 10 } };
  // More codes than the case can give: 20,000 a second, well above its rate on a machine where the anchor
  // does 46,000 (2026-11-24); a request past the last one would count as non-2xx, and the table shows it.
  let pool;
  await withBenchDb(async (db) => (pool = await addRedeemPool(db, { count: SECONDS * 20_000 })));
  let nextCode = 0;
  const redemption = {
    dateTime: new Intl.DateTimeFormat('sv-SE', { timeZone: TIMEZONE, dateStyle: 'short', timeStyle: 'medium' }).format(new Date()),
  };
  const redeemBody = () => ({ redemption, batch: { uuid: pool.batchId }, vouchers: [{ uuid: pool.ids[nextCode++] }] });

  const cases = [
    ['POST /api/auth/session', `${base}/api/auth/session`, { token: anna, floor: 'session' }],
    ['POST /api/action/list (current)', `${base}/api/action/list`, { token: anna, body: listBody, floor: 'list' }],
    ['POST /api/action/recent', `${base}/api/action/recent`, { token: anna, floor: 'recent' }],
    ['POST /api/action/location/save', `${base}/api/action/location/save`, { token: piotr, body: ping, perRequestKey: true }],
    [
      'POST /api/voucher/redeem',
      `${base}/api/voucher/redeem`,
      { token: piotr, body: redeemBody(), perRequestKey: true, nextBody: redeemBody },
    ],
  ];
  console.log(
    `\ndatabase: ${dbKind}${label ? ` (${label})` : ''}; ${CONNECTIONS} connections, ${SECONDS} s per case; Node ${process.version}, ${os.cpus().length} cores`,
  );
  const bare = await load(`http://127.0.0.1:${ANCHOR_PORT}/anchor`, { body: listBody });
  const row = (name, r, ratio) =>
    console.log(
      name.padEnd(34),
      r.rate.toFixed(0).padStart(8),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      ratio.padStart(9),
      String(r.bad).padStart(7),
    );
  console.log(
    'case'.padEnd(34),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'of bare'.padStart(9),
    'non-2xx'.padStart(7),
  );
  row('bare Fastify (anchor)', bare, '100 %');
  const results = {};
  const share = (r, of) => `${((100 * r.rate) / of.rate).toFixed(0)} %`;
  for (const [name, url, options] of cases) {
    const r = await load(url, options);
    row(name, r, share(r, bare));
    results[name] = r;
    if (!options.floor) continue;
    const floor = await load(`http://127.0.0.1:${FLOOR_PORT}/floor/${options.floor}`, { body: listBody });
    row('  floor: bare + its SQL only', floor, share(floor, bare));
    console.log(`${''.padEnd(36)}Promotor does ${share(r, floor)} of its floor`);
    results[`${name} floor`] = floor;
  }
  return results;
}

/** At scale against the demo database, measured in the same run: is the cost flat in data size? */
function compare(demo, scaled) {
  console.log('\nat scale against the demo data (same run):');
  console.log('case'.padEnd(40), 'req/s'.padStart(8), 'p99'.padStart(7));
  for (const name of Object.keys(demo)) {
    const rate = scaled[name].rate / demo[name].rate;
    const p99 = scaled[name].p99 / demo[name].p99;
    console.log(name.padEnd(40), `${rate.toFixed(2)}×`.padStart(8), `${p99.toFixed(2)}×`.padStart(7));
  }
}

if (dbKind === 'postgres') await adminQuery(POSTGRES_URL, `create database ${scratchDb}`);
const anchor = start(path.join(root, 'bench/anchor-server.mjs'), root, { PORT: String(ANCHOR_PORT) });
// The server as `npm start` runs it: built into one file (apps/server/scripts/build-server.mjs).
const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const server = start('dist/server.mjs', path.join(root, 'apps/server'), {
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // As it runs for promoters: production (answers written without zod's second check, decision 052),
  // with the demo data the cases log in with.
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'true',
  LOGIN_LIMIT_PER_IP_PER_MINUTE: '100000',
  LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '100000',
  ...databaseUrl(),
  // Production on PostgreSQL asks for the keys every instance shares (decision 133); a scratch database's own.
  IDEMPOTENCY_HASH_KEY: randomBytes(32).toString('base64'),
  CONSENT_PROOF_KEY: randomBytes(32).toString('base64'),
});

const children = [server, anchor];
try {
  await waitFor(`${base}/api/health`);
  await waitFor(`http://127.0.0.1:${ANCHOR_PORT}/anchor`, { method: 'POST' });
  const anna = (await call('/auth/login', { username: 'anna@demo.pl', password: 'demo-haslo-1' })).token.token;
  const piotr = (await call('/auth/login', { username: 'piotr@demo.pl', password: 'demo-haslo-1' })).token.token;
  const buildScale = () => withBenchDb((db) => buildScaleData(db, { timezone: TIMEZONE }));
  if (!flush && !planImport && !hostileImport && !liveDay) await startFloor(anna);
  if (liveDay) {
    await buildScale();
    await withBenchDb((db) => buildLiveData(db, { timezone: TIMEZONE }));
    const admin = (await call('/admin/auth/login', { username: 'admin@demo.pl', password: 'demo-haslo-1' })).token.token;
    await runLive({
      base,
      anchorUrl: `http://127.0.0.1:${ANCHOR_PORT}/anchor`,
      adminToken: admin,
      seconds: SECONDS,
      connections: Number(process.env.BENCH_LIVE_CONNECTIONS ?? 1),
    });
  } else if (planImport) {
    await withBenchDb((db) => runPlanImport(db, { base, dbKind }));
  } else if (hostileImport) {
    await runHostileImport({ base, dbKind });
  } else if (flush) {
    if (scale) await buildScale();
    await withBenchDb((db) => runFlush(db, { base, timezone: TIMEZONE }));
  } else if (scale) {
    // The same cases on the demo data, then on the large dataset, in one run: the ratio is the point.
    const demo = await runCases(anna, piotr, 'demo data');
    await buildScale();
    if (explain) await explainPlans(anna);
    compare(demo, await runCases(anna, piotr, 'at scale'));
  } else {
    if (explain) await explainPlans(anna);
    await runCases(anna, piotr);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))));
  // BENCH_KEEP=1 leaves the data for a look at the plans afterwards (the paths are printed).
  if (process.env.BENCH_KEEP === '1') console.log(`kept: ${dbKind === 'postgres' ? scratchDb : dataDir}`);
  else {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbKind === 'postgres') await adminQuery(POSTGRES_URL, `drop database if exists ${scratchDb} with (force)`);
  }
}
