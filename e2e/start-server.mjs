#!/usr/bin/env node
// Starts the real server for the end-to-end tests on a fresh, temporary database.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// PostgreSQL (playwright.config.ts): a fresh database for this run. The runner may end this process
// before it can drop its database, so each run first drops the e2e databases nobody is connected to.
const databaseUrl = process.env.E2E_SERVER_DATABASE_URL;
const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
async function onPostgres(...statements) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const answers = [];
    for (const statement of statements) answers.push((await client.query(statement)).rows);
    return answers;
  } finally {
    await client.end();
  }
}
async function freshDatabase(name) {
  const [orphans] = await onPostgres(
    `select datname from pg_database d where datname like 'promotor\\_e2e\\_%'
       and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
  );
  for (const { datname } of orphans) await onPostgres(`drop database if exists "${datname}"`).catch(() => {});
  await onPostgres(`drop database if exists "${name}" with (force)`, `create database "${name}"`);
}

// The server as `npm start` runs it: built into one file.
const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--with-cli'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

if (databaseName) await freshDatabase(databaseName);
const serverEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every test logs in from 127.0.0.1: the per-address limit would throttle the suite, not an attacker.
  LOGIN_LIMIT_PER_IP_PER_MINUTE: '10000',
};

// E2E_CLUSTER=3 (with E2E_DATABASE_URL): the instances behind HAProxy (npm run cluster, issue 36), the
// balancer listening where the one server would; any request may land on any instance.
if (process.env.E2E_CLUSTER) {
  if (!databaseUrl) throw new Error('E2E_CLUSTER needs E2E_DATABASE_URL: SQLite runs as one instance');
  const { startCluster } = await import('../scripts/cluster.mjs');
  const cluster = await startCluster({
    instances: Number(process.env.E2E_CLUSTER),
    port: Number(process.env.PORT),
    env: serverEnv,
    dataDir,
    build: false,
  });
  console.log(`Klaster: ${cluster.url}, instancje na portach ${cluster.nodes.map((n) => n.port).join(', ')}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await onPostgres(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
      process.exit(0);
    });
  }
} else {
  startOne();
}

function startOne() {
  const server = spawn(process.execPath, ['--enable-source-maps', process.env.SERVER_BUNDLE ?? 'dist/server.mjs'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: serverEnv,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', async (code) => {
    // Each run has a port and a data folder (or database) of its own (playwright.config.ts): nothing to keep.
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) await onPostgres(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
    process.exit(code ?? 0);
  });
}
