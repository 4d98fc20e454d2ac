#!/usr/bin/env node
// npm start: builds the web app when it is missing or older than its sources, then runs the server
// (which migrates the database, seeds demo data into an empty one, and prints the URL and logins).
// NODE_ENV configures the server only: the web build is a production build either way.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebApp, root, webBuildIsStale } from './web-build.mjs';

if (webBuildIsStale()) {
  console.log('Budowanie aplikacji web…');
  const status = buildWebApp();
  if (status !== 0) process.exit(status);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
