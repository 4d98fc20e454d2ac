#!/usr/bin/env node
// Latency and throughput of the API's hot paths on the real server (npm run bench).
// Starts the server on a temporary SQLite database (or DATABASE_URL, e.g. a scratch PostgreSQL
// database), logs in as the demo promoters, sends a bounded number of requests per call from a few
// concurrent clients over loopback, prints the numbers, and stops the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-bench-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    LOGIN_LIMIT_PER_IP_PER_MINUTE: '100000',
    LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '100000',
  },
});

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

async function call(pathname, body, token, key) {
  const headers = {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(key ? { 'idempotency-key': key } : {}),
  };
  const res = await fetch(`${base}/api${pathname}`, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const json = await res.json();
  if (!json.status?.success) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json.data)}`);
  return json.data;
}

/** Runs `make(i)` REQUESTS times from CONCURRENCY clients; returns per-request milliseconds. */
async function measure(make) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t0 = performance.now();
        await make(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);

try {
  await waitForHealth();
  const anna = (await call('/auth/login', { username: 'anna@demo.pl', password: 'demo-haslo-1' })).token.token;
  const piotr = (await call('/auth/login', { username: 'piotr@demo.pl', password: 'demo-haslo-1' })).token.token;
  const today = new Date().toISOString().slice(0, 10);
  const listBody = {
    actions: { since: `${today} 00:00:00`, filters: { statuses: ['started', 'accepted'] } },
    pagination: { limit: 200, offset: 0 },
  };
  const started = (await call('/action/recent', undefined, piotr)).action.current.uuid;

  const cases = [
    ['POST /api/action/list (current)', () => call('/action/list', listBody, anna)],
    ['POST /api/action/recent', () => call('/action/recent', undefined, anna)],
    [
      'POST /api/action/location/save (with Idempotency-Key)',
      (i) =>
        call(
          '/action/location/save',
          { action: { uuid: started }, location: { latitude: 50.06, longitude: 19.94, accuracy: 10 } },
          piotr,
          `bench-${i}`,
        ),
    ],
    ['POST /api/auth/session', () => call('/auth/session', undefined, anna)],
  ];
  console.log(
    `database: ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'sqlite (temporary)'}; ${REQUESTS} requests per call, ${CONCURRENCY} concurrent clients`,
  );
  console.log('call'.padEnd(56), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8));
  for (const [name, make] of cases) {
    const { times, seconds } = await measure(make);
    console.log(
      name.padEnd(56),
      (REQUESTS / seconds).toFixed(0).padStart(8),
      pct(times, 50).padStart(8),
      pct(times, 95).padStart(8),
      pct(times, 99).padStart(8),
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
