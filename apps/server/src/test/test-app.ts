import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { openDatabase, type Db, type Dialect } from '../db/kysely.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/demo-seed.ts';
import { openBlobStore } from '../plugins/storage.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: Dialect[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export type TestClock = { now: () => Date; advance: (ms: number) => void };

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  close: () => Promise<void>;
};

type TestAppOptions = {
  /** Demo data: only for the test of the demo seed itself. Others build what they read (test/builders.ts). */
  seed?: boolean;
  env?: Record<string, string>;
  prepare?: (app: FastifyInstance) => void;
  /** The app's log lines at info level go here (tests that check what is logged); silent otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Another consumer registry (a test's failing one), built on the test's database. */
  registry?: AppOptions['registry'];
};

/** A real server on a fresh, empty database: a temporary SQLite file, or a fresh PostgreSQL schema. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const url = dialect === 'sqlite' ? `sqlite:${path.join(dataDir, 'test.sqlite')}` : process.env.TEST_DATABASE_URL!;
  if (dialect === 'postgres') await withPg(url, (c) => c.query(`create schema ${schema}`));

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Suites log in many times; the rate-limit suite sets its own small limits.
    LOGIN_LIMIT_PER_IP_PER_MINUTE: '10000',
    LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '10000',
    ...options.env,
  });
  const database = openDatabase({ url, ...(dialect === 'postgres' ? { schema } : {}) });
  await migrateToLatest(database.db, database.dialect, dialect === 'postgres' ? schema : undefined);
  const clock = testClock();
  if (options.seed === true) {
    const blobStore = openBlobStore(database, config.dataDir, clock.now);
    await seedDemoData(database.db, { timezone: config.timezone, blobStore, now: clock.now() });
  }
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    logger: options.logStream !== undefined,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.registry ? { registry: options.registry } : {}),
  });
  options.prepare?.(app);
  await app.ready();

  return {
    app,
    db: database.db,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.destroy();
      if (dialect === 'postgres') await withPg(url, (c) => c.query(`drop schema ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withPg(url: string, fn: (c: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/** The password of promoters built by test/builders.ts unless a test picks another. */
export const PROMOTER_PASSWORD = 'haslo-testowe-1';

/** POST /api/<path> with a JSON body and, when given, a bearer token. */
export function post(app: FastifyInstance, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const options: InjectOptions = {
    method: 'POST',
    url: `/api${url}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  };
  return app.inject(options);
}

export async function loginAs(app: FastifyInstance, username: string, password = PROMOTER_PASSWORD): Promise<string> {
  const res = await post(app, '/auth/login', { username, password });
  if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.body}`);
  return res.json().data.token.token as string;
}
