#!/usr/bin/env node
// npm start: builds the web app when it is missing or older than its sources, builds the server into
// one file (apps/server/dist/server.mjs, a quarter of a second), then runs it (it migrates the
// database, seeds demo data into an empty one, and prints the URL and logins).
// NODE_ENV configures the server only: the web build is a production build either way
// (apps/web/vite.config.ts; docs/decisions/040-production-build.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'packages/contract/src',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newestChange(s) > builtAt)) {
  console.log('Budowanie aplikacji web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@promotor/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Built every time: it is fast, and a stale server can never run against newer sources.
const serverBuild = spawnSync('npm', ['run', 'build', '-w', '@promotor/server', '--silent'], { cwd: root, stdio: 'inherit' });
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
