#!/usr/bin/env node
// npm run bench:cluster (issue 36): a rolling restart under load. Starts `npm run cluster`'s set-up
// (scripts/cluster.mjs: 3 instances in production mode on a scratch PostgreSQL database made on
// BENCH_POSTGRES_URL, behind HAProxy with deploy/haproxy.cfg), logs in as the demo promoters, and drives
// a promoter's mix through the balancer with autocannon (session, today's list, recent, a position
// saved with its Idempotency-Key): first BENCH_SECONDS (15) without a restart, then while each instance
// in turn is stopped with SIGTERM and started again. BENCH_RUNS (5) rounds of both. It prints the
// non-2xx answers and errors of each phase (goal: 0 during the restarts), p99 during the restarts beside
// p99 without one, and each instance's drain time (SIGTERM to exit; goal ≤ 30 s). Not part of npm test.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startCluster } from '../scripts/cluster.mjs';
import { adminQuery } from './bench-db.mjs';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const INSTANCES = 3;
const scratchDb = `promotor_bench_cluster_${process.pid}`;
const root = path.resolve(import.meta.dirname, '..');

const scratchUrl = () => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${scratchDb}`;
  return url.toString();
};

async function call(base, apiPath, body, token) {
  const res = await fetch(`${base}/api${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const envelope = await res.json();
  if (!envelope.status?.success) throw new Error(`${apiPath}: ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}

/** The mix, one request after another on every connection; autocannon's own counts and latencies. */
function drive(base, tokens, { seconds, until }) {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const json = (token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
  const requests = [
    { method: 'POST', path: '/api/auth/session', headers: json(tokens.anna), body: '{}' },
    {
      method: 'POST',
      path: '/api/action/list',
      headers: json(tokens.anna),
      body: JSON.stringify({ actions: { since: `${today} 00:00:00` }, pagination: { limit: 50, offset: 0 } }),
    },
    { method: 'POST', path: '/api/action/recent', headers: json(tokens.piotr), body: '{}' },
    {
      method: 'POST',
      path: '/api/action/location/save',
      body: JSON.stringify({ action: { uuid: tokens.running }, location: { latitude: 52.23, longitude: 21.01, accuracy: 10 } }),
      setupRequest: (req) => ({ ...req, headers: { ...json(tokens.piotr), 'idempotency-key': randomUUID() } }),
    },
  ];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: until ? 3600 : seconds, requests, timeout: 60 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (until) void until.then(() => instance.stop());
  });
}

const summary = (r) => ({ rate: r.requests.average, p99: r.latency.p99, bad: r.non2xx, errors: r.errors + r.timeouts });

await adminQuery(POSTGRES_URL, `create database ${scratchDb}`);
let cluster;
try {
  cluster = await startCluster({
    instances: INSTANCES,
    port: await freePort(),
    dataDir: path.join(root, `.tmp/bench-cluster-${process.pid}`),
    env: {
      ...process.env,
      DATABASE_URL: scratchUrl(),
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '100000',
      LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '100000',
    },
    log: () => {},
  });
  const base = cluster.url;
  const login = async (username) => (await call(base, '/auth/login', { username, password: 'demo-haslo-1' })).token.token;
  const tokens = { anna: await login('anna@demo.pl'), piotr: await login('piotr@demo.pl') };
  tokens.running = (await call(base, '/action/recent', undefined, tokens.piotr)).action.current.uuid;

  console.log(
    `\n${INSTANCES} instances behind HAProxy on PostgreSQL; ${CONNECTIONS} connections; ${SECONDS} s steady, then a rolling restart; ${RUNS} runs; Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.log(
    'run'.padEnd(5),
    'phase'.padEnd(9),
    'req/s'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
    'errors'.padStart(7),
    '  drain s per instance',
  );
  const row = (run, phase, r, ...rest) =>
    console.log(
      String(run).padEnd(5),
      phase.padEnd(9),
      r.rate.toFixed(0).padStart(8),
      String(r.p99).padStart(8),
      String(r.bad).padStart(8),
      String(r.errors).padStart(7),
      ...rest,
    );
  const all = { steady: [], restart: [], drains: [] };
  for (let run = 1; run <= RUNS; run++) {
    const steady = summary(await drive(base, tokens, { seconds: SECONDS }));
    all.steady.push(steady);
    row(run, 'steady', steady);
    const drains = [];
    let done;
    const restarted = new Promise((resolve) => (done = resolve));
    const load = drive(base, tokens, { until: restarted });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const node of cluster.nodes) {
      drains.push(await cluster.restart(node));
      // HAProxy's checks (1 s apart, rise 2) take the instance back before the next one stops.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    done();
    const restart = summary(await load);
    all.restart.push(restart);
    all.drains.push(...drains);
    row(run, 'restart', restart, `  ${drains.map((ms) => (ms / 1000).toFixed(1)).join(' ')}`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `\nnon-2xx during restarts: ${sum(all.restart.map((r) => r.bad))}, errors: ${sum(all.restart.map((r) => r.errors))} (goal 0); ` +
      `p99 median ${median(all.restart.map((r) => r.p99))} ms restarting, ${median(all.steady.map((r) => r.p99))} ms steady; ` +
      `drain longest ${(Math.max(...all.drains) / 1000).toFixed(1)} s (goal ≤ 30)`,
  );
} finally {
  await cluster?.stop();
  await adminQuery(POSTGRES_URL, `drop database if exists ${scratchDb} with (force)`).catch(() => {});
}
