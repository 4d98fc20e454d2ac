import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAction, buildSignedInPromoter } from './test/builders.ts';
import { buildJpeg, buildMultipart } from './test/files.ts';
import { createTestApp, PROMOTER_PASSWORD } from './test/test-app.ts';

// Decision 131 on the real entry point, as `npm start` runs it (each process costs a second or two of
// tsx): SQLite's one instance, and the drain of SIGTERM with a request in flight.

const serverEntry = path.join(import.meta.dirname, 'server.ts');
const adminEntry = path.join(import.meta.dirname, 'cli', 'admin.ts');

type Process = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> };

const running: Process[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
});

function run(entry: string, env: Record<string, string>, args: string[] = []): Process {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'false',
    RETENTION_INTERVAL_MINUTES: '0',
    ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: full });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const p = { child, stdout: () => stdout, stderr: () => stderr, exited };
  running.push(p);
  return p;
}

/** The port the server listens on, once it says so; its output when it stops instead. */
async function listening(server: Process): Promise<number> {
  for (;;) {
    const port = /Promotor działa: http:\/\/[^:]+:(\d+)/.exec(server.stdout())?.[1];
    if (port) return Number(port);
    if (server.child.exitCode !== null) throw new Error(`the server stopped (${server.child.exitCode}): ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a new TCP connection is accepted (a keep-alive pool would hide a closed port). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('several instances: the drain of SIGTERM and SQLite as one instance (decision 131)', () => {
  // Four processes of tsx one after another: minutes on a machine the browser tests keep busy (CI runs
  // this file at the lowest priority beside them; over 180 s once). It waits for each, never sleeps: a
  // quiet run spends seconds.
  it('a second server on the same DATA_DIR refuses to start and says why, the CLI still runs beside the first, and a kill -9 leaves no lock behind', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-instance-'));
    try {
      const first = run(serverEntry, { DATA_DIR: dataDir });
      const port = await listening(first);

      const second = run(serverEntry, { DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain(
        `Another Promotor server is already running on the SQLite database ${fs.realpathSync(dataDir)}/promotor.sqlite`,
      );
      expect(second.stderr()).toContain('run several instances on PostgreSQL (README, Deploying)');
      expect(second.stdout()).not.toContain('Promotor działa');

      // npm run admin beside the running server, on the same file: the lock is the server's alone.
      const username = 'obok.serwera@test.pl';
      const admin = run(adminEntry, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, [
        'create-promoter',
        ...['--username', username, '--password', PROMOTER_PASSWORD, '--ident', 'HST7001', '--firstname', 'Ewa', '--lastname', 'Obok'],
      ]);
      expect(await admin.exited, admin.stderr()).toBe(0);
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PROMOTER_PASSWORD }),
      });
      expect(login.status).toBe(200);

      first.child.kill('SIGKILL');
      await first.exited;
      const third = run(serverEntry, { DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_SECONDS: '2' });
      const thirdPort = await listening(third);
      expect((await fetch(`http://127.0.0.1:${thirdPort}/readyz`)).status).toBe(200);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);

  it('SIGTERM: /readyz answers 503 at once, an upload in flight is finished with 200, new connections are refused after the grace, exit 0 within the bound', async () => {
    // The data through an app of this process on the server's SQLite file, as the CLI would.
    const t = await createTestApp('sqlite');
    try {
      const promoter = await buildSignedInPromoter(t);
      const action = await buildAction(t, promoter);
      // A bound of 30 s, production's default: 5 s of grace, then 25 s to finish — room for CI's loaded
      // machine, where this process waits for a core behind the browser tests (4 s once did not do).
      const server = run(serverEntry, { DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, SHUTDOWN_TIMEOUT_SECONDS: '30' });
      const port = await listening(server);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

      const { payload, headers } = buildMultipart([
        { name: '_input', value: JSON.stringify({ action: { uuid: action.uuid }, ident: 'bereal_start' }) },
        ...[buildJpeg(), buildJpeg()].map((data, i) => ({ name: 'files[]', filename: `photo-${i}.jpg`, contentType: 'image/jpeg', data })),
      ]);
      // A keep-alive connection, as phones and balancers hold them: the answer must close it, or the
      // server waits for the client's keep-alive past its bound.
      const keepAlive = new http.Agent({ keepAlive: true });
      const upload = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/action/file/create',
        agent: keepAlive,
        headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${promoter.token}` },
      });
      const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        upload.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        });
        upload.on('error', reject);
      });
      const half = Math.floor(payload.length / 2);
      upload.write(payload.subarray(0, half));
      await sleep(300);

      server.child.kill('SIGTERM');
      const signalledAt = Date.now();
      let ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      // The signal is handled between two requests: at once, well within the grace (its 5 s).
      while (ready.status === 200 && Date.now() - signalledAt < 4_000) ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { data: unknown }).data).toMatchObject({
        error: 'E_SERVICE_UNAVAILABLE',
        details: { closing: true },
      });
      // Within the grace a new connection is still served…
      expect(await accepts(port)).toBe(true);
      // …after it the port is closed, while the upload goes on.
      await sleep(signalledAt + 5_500 - Date.now());
      expect(await accepts(port)).toBe(false);

      upload.end(payload.subarray(half));
      const done = await answer;
      expect(done.status, done.body).toBe(200);
      expect(JSON.parse(done.body).data.files).toHaveLength(2);
      expect(done.connection).toBe('close');
      // Exit 1 would be the bound's: the log says which step it was waiting for.
      expect(await server.exited, server.stdout()).toBe(0);
      keepAlive.destroy();
      expect(Date.now() - signalledAt).toBeLessThan(30_000);
      const stored = await t.db.selectFrom('action_files').select('id').where('action_id', '=', action.uuid).execute();
      expect(stored).toHaveLength(2);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('a request that does not end holds the drain no longer than SHUTDOWN_TIMEOUT_SECONDS: the log says so and the exit code is 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-instance-'));
    try {
      const server = run(serverEntry, { DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_SECONDS: '2' });
      const port = await listening(server);
      // A body announced and never sent in full.
      const stuck = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/login',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': 100 },
      });
      stuck.on('error', () => {});
      stuck.write('{"username":');
      await sleep(200);
      server.child.kill('SIGTERM');
      const signalledAt = Date.now();
      expect(await server.exited).toBe(1);
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1_900);
      // Bounded, not forever (the request never ends); the rest is a process's exit on a busy machine.
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.stdout()).toContain('shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting');
      stuck.destroy();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
