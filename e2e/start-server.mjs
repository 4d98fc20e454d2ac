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

// The server as `npm start` runs it: built into one file.
const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', process.env.SERVER_BUNDLE ?? 'dist/server.mjs'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every test logs in from 127.0.0.1: the per-address limit would throttle the suite, not an attacker.
    LOGIN_LIMIT_PER_IP_PER_MINUTE: '10000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  // Each run has a port and a data folder of its own (playwright.config.ts): nothing to keep.
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
