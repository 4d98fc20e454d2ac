import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAndExit, readyGraceMs } from '../../plugins/shutdown.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { BUCKET_CHECK_TTL_MS } from './readiness.ts';
import { POOL_MAX } from '../../db/kysely.ts';

// Decision 131: what a load balancer's health check (/readyz) and an orchestrator's liveness probe
// (/livez) are answered, on both databases. The drain's real SIGTERM is in server-drain.test.ts.

const ALL_OK = { database: 'ok', migrations: 'ok', bucket: 'not-used', closing: false };

const probe = (t: TestApp, url: '/livez' | '/readyz') => t.app.inject({ method: 'GET', url });

function collectLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

describe.each(testDatabases)('the probes /livez and /readyz (%s)', (dialect) => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-web-'));
  beforeAll(async () => {
    // A web build, whose fallback answers unknown GETs with index.html: it must not take the probes.
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Promotor</title>');
    t = await createTestApp(dialect, { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  // PostgreSQL: a pool whose connections are all in use. SQLite's one connection reads beside a writer.
  it.runIf(dialect === 'postgres')(
    'a database too busy to answer within 2 s leaves the instance ready ("busy"): every instance shares it, and a balancer with all of them out would serve nobody',
    async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Every connection of the pool in a transaction that waits.
      const holders = Array.from({ length: POOL_MAX }, () =>
        t.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await held;
        }),
      );
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const busy = await probe(t, '/readyz');
        expect(busy.statusCode).toBe(200);
        expect(busy.json().data).toEqual({ ...ALL_OK, database: 'busy', migrations: 'unknown' });
      } finally {
        release();
        await Promise.all(holders);
      }
      expect((await probe(t, '/readyz')).json().data).toEqual(ALL_OK);
    },
  );
  it('answer at the root without a token, never cached: alive, and ready with every check ok', async () => {
    const live = await probe(t, '/livez');
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toMatch(/^application\/json/);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.json()).toMatchObject({ status: { success: true }, data: { process: 'ok' }, meta: { ts: expect.any(String) } });

    const ready = await probe(t, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toMatchObject({ status: { success: true }, data: ALL_OK });
    expect(Object.keys(ready.json().data)).toEqual(Object.keys(ALL_OK));
  });

  it('are not under /api: there they are an unknown call', async () => {
    for (const url of ['/api/livez', '/api/readyz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data.error).toBe('E_NOT_FOUND');
    }
  });

  it('not ready while a migration the code knows is missing from the database, ready again once it is there', async () => {
    const [last] = await t
      .asOwner((db) =>
        sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db),
      )
      .then((r) => r.rows);
    await t.asOwner((db) => sql`delete from kysely_migration where name = ${last!.name}`.execute(db));
    try {
      const behind = await probe(t, '/readyz');
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        status: { success: false },
        data: { error: 'E_SERVICE_UNAVAILABLE', details: { ...ALL_OK, migrations: 'pending' } },
      });
      // Alive all the same: restarting the process would not bring the migration back by itself.
      expect((await probe(t, '/livez')).statusCode).toBe(200);
    } finally {
      await t.asOwner((db) => sql`insert into kysely_migration (name, timestamp) values (${last!.name}, ${last!.timestamp})`.execute(db));
    }
    expect((await probe(t, '/readyz')).statusCode).toBe(200);
  });

  it('not ready when the database is gone: 503 with the database unavailable, while the process still lives', async () => {
    const gone = await createTestApp(dialect);
    try {
      expect((await probe(gone, '/readyz')).statusCode).toBe(200);
      await gone.db.destroy();
      const res = await probe(gone, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({
        error: 'E_SERVICE_UNAVAILABLE',
        details: { database: 'unavailable', migrations: 'unknown', bucket: 'not-used', closing: false },
      });
      expect((await probe(gone, '/livez')).statusCode).toBe(200);
    } finally {
      await gone.close();
    }
  });

  it("SIGTERM's drain: not ready at once while the rest is still answered, then closed and exit 0", async () => {
    const log = collectLog();
    const draining = await createTestApp(dialect, { logStream: log.stream });
    try {
      let exited: (code: number) => void = () => {};
      const exitCode = new Promise<number>((resolve) => (exited = resolve));
      const closedAt: number[] = [];
      drainAndExit(draining.app, {
        signal: 'SIGTERM',
        graceMs: 500,
        // Far from the grace: on CI's loaded machine the close once took longer than half a second.
        timeoutMs: 30_000,
        closeRest: async () => void closedAt.push(Date.now()),
        exit: (code) => exited(code),
      });
      const startedAt = Date.now();
      const res = await probe(draining, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({ error: 'E_SERVICE_UNAVAILABLE', details: { ...ALL_OK, closing: true } });
      // During the grace the server still serves what the balancer sends before it notices.
      expect((await probe(draining, '/livez')).statusCode).toBe(200);
      expect(await exitCode).toBe(0);
      // The grace passed before the database was closed.
      expect(closedAt[0]! - startedAt).toBeGreaterThanOrEqual(450);
      const lines = log.lines.join('');
      expect(lines).toContain('shutting down: /readyz answers 503');
      expect(lines).toContain('not ready: closing');
      // Probes are not logged one line each (a balancer asks every second).
      expect(lines).not.toMatch(/"url":"\/(readyz|livez)"/);
    } finally {
      await draining.close();
    }
  });
});

describe("the drain's grace", () => {
  it('is min(5 s, half of SHUTDOWN_TIMEOUT_SECONDS), and none in development', () => {
    expect(readyGraceMs(30_000, 'production')).toBe(5_000);
    expect(readyGraceMs(4_000, 'production')).toBe(2_000);
    expect(readyGraceMs(8_000, 'test')).toBe(4_000);
    expect(readyGraceMs(30_000, 'development')).toBe(0);
  });
});

describe.each(testDatabases)('/readyz with BLOB_STORE=s3 (%s)', (dialect) => {
  let t: TestApp;
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('says the bucket is down, asking it at most once every few seconds, and stays ready: the photos wait in the pending area, and every instance out would serve nothing', async () => {
    const ok = await probe(t, '/readyz');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ ...ALL_OK, bucket: 'ok' });

    await s3.stop();
    // The bucket's answer is kept for BUCKET_CHECK_TTL_MS: probes every second do not each call it.
    expect((await probe(t, '/readyz')).statusCode).toBe(200);
    t.clock.advance(BUCKET_CHECK_TTL_MS);
    const down = await probe(t, '/readyz');
    expect(down.statusCode).toBe(200);
    expect(down.json().data).toEqual({ ...ALL_OK, bucket: 'unavailable' });
    expect((await probe(t, '/livez')).statusCode).toBe(200);

    await s3.start();
    expect((await probe(t, '/readyz')).json().data).toEqual({ ...ALL_OK, bucket: 'unavailable' });
    t.clock.advance(BUCKET_CHECK_TTL_MS);
    expect((await probe(t, '/readyz')).json().data).toEqual({ ...ALL_OK, bucket: 'ok' });
  });
});
