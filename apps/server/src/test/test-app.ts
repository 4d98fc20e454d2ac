import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { openDatabase, type Db, type Dialect } from '../db/kysely.ts';
import { openMigratedDatabase } from '../db/database-roles.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { openBlobStore } from '../plugins/blob-store.ts';

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
  /** PostgreSQL: this file's schema (a child process opening the same database names it); null on SQLite. */
  schema: string | null;
  /** Runs `fn` on a connection of the tables' owner (MIGRATION_DATABASE_URL's role): the demo reset, the triggers' own test. */
  asOwner: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
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
  /**
   * false: a request's answer is all `inject` waits for, as a phone would (the bench of ingest, the test
   * of the work after the answer). By default it also waits for what the answer left under way
   * (thumbnails, fingerprints: plugins/after-answer.ts), so that a test reads what its upload made.
   */
  settleAfterRequests?: boolean;
  /**
   * PostgreSQL: the schema starts empty and the app's start migrates it and grants the app role, as in
   * production (the tests of those grants), instead of being made from the migrated template.
   */
  migrateAtStart?: boolean;
};

function settleAfterRequests(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const settled = async (options: unknown) => {
    const response = await inject(options);
    await app.blobStore.afterAnswer.settled();
    return response;
  };
  // The chained form (app.inject().post(…)) and the callback form are left as they are.
  app.inject = ((...args: unknown[]) => (args.length === 1 ? settled(args[0]) : inject(...args))) as FastifyInstance['inject'];
}

/** A real server on a fresh, empty database: a temporary SQLite file, or a fresh PostgreSQL schema. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // PostgreSQL as in production (decision 077): the file's schema belongs to the owner role, which
  // migrated it and granted the app role (in the template, or at the app's start with migrateAtStart);
  // the app and the tests' own queries (t.db) run as the app role.
  const roles = dialect === 'postgres' ? await testRoles(adminUrl) : undefined;
  const url = roles ? roles.app : `sqlite:${path.join(dataDir, 'test.sqlite')}`;
  const migrated = roles ? await createSchema(adminUrl, schema, { empty: options.migrateAtStart === true }) : false;

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Suites log in many times; the rate-limit suite sets its own small limits.
    LOGIN_LIMIT_PER_IP_PER_MINUTE: '10000',
    LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '10000',
    // The retention job runs only when a test calls it (decision 099).
    RETENTION_INTERVAL_MINUTES: '0',
    // The files' drain too (BLOB_STORE=s3): tests call drainOnce.
    BLOB_DRAIN_INTERVAL_SECONDS: '0',
    // And the push sender (decision 136): tests call app.pushSender.sendDue().
    PUSH_SEND_INTERVAL_MS: '0',
    // And the SMS fallback's sweep (decision 135): tests run it with their clock.
    NOTIFICATION_SWEEP_INTERVAL_SECONDS: '0',
    ...options.env,
  });
  // SQLite: a copy of a file migrated once per run (the migrations then find nothing to do).
  if (!roles) fs.copyFileSync(await migratedSqliteTemplate(), path.join(dataDir, 'test.sqlite'));
  const database = !roles
    ? await openMigratedDatabase({ url })
    : migrated
      ? openDatabase({ url, schema })
      : await whileNoSchemaIsDropped(adminUrl, () => openMigratedDatabase({ url, migrationUrl: roles.owner, schema }));
  const clock = testClock();
  if (options.seed === true) {
    const blobStore = openBlobStore(database, config, clock.now);
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
  if (options.settleAfterRequests !== false) settleAfterRequests(app);

  return {
    app,
    db: database.db,
    config,
    clock,
    schema: roles ? schema : null,
    // SQLite has no roles: its one connection is the owner's too.
    asOwner: async (fn) => {
      if (!roles) return fn(database.db);
      const owner = openDatabase({ url: roles.owner, schema });
      try {
        return await fn(owner.db);
      } finally {
        await owner.destroy();
      }
    },
    close: async () => {
      await app.close();
      await database.destroy();
      if (roles) await withPg(adminUrl, (c) => dropSchema(c, schema));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const migrationsDir = path.join(import.meta.dirname, '..', 'db', 'migrations');

/**
 * A digest of what makes a migrated database: the migrations, everything of db/ they run (triggers'
 * bodies, grants), the installed packages (Kysely's version), and this file.
 */
function migrationsDigest(): string {
  const digest = createHash('sha256');
  const dbDir = path.join(migrationsDir, '..');
  for (const dir of [migrationsDir, dbDir]) {
    for (const name of fs.readdirSync(dir).sort()) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      digest.update(name).update(fs.readFileSync(path.join(dir, name)));
    }
  }
  digest.update(fs.readFileSync(import.meta.filename));
  digest.update(fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', '..', 'package-lock.json')));
  return digest.digest('hex').slice(0, 16);
}

/**
 * An SQLite file migrated to the latest schema, made once and copied for each test file (issue 32's
 * CI time: the migrations took about a third of a second per file). Named by a digest of the
 * migrations' sources, so a changed migration makes a new one; the temporary folder keeps it between
 * runs on a developer's machine. Two workers making it at once each rename a whole file into place.
 */
async function migratedSqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `promotor-test-schema-${migrationsDigest()}.sqlite`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-template-'));
  const draft = path.join(dir, 'template.sqlite');
  const database = await openMigratedDatabase({ url: `sqlite:${draft}` });
  // Closing the only connection checkpoints the WAL into the file and removes it: one file to copy.
  await database.destroy();
  fs.renameSync(draft, file);
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}

/**
 * A new test schema of the owner role, migrated and granted where it can be (issue 32's CI time: the
 * migrations and grants at the app's start cost some 1.2 s of the machine's CPU per file, this some
 * 0.3). Made from pg_dump's script of a schema this worker migrated once, its name replaced: the same
 * tables, indexes, triggers, owner, grants to the app role and rows (Kysely's list of applied migrations
 * among them). Returns false when the schema is left empty for the app's start to migrate and grant, as
 * in production: when asked (`empty`), and where no template could be made (no pg_dump, or one whose
 * script this server refuses: said once).
 */
async function createSchema(adminUrl: string, schema: string, { empty }: { empty: boolean }): Promise<boolean> {
  postgresTemplate ??= migratedPostgresTemplate(adminUrl).catch((error: unknown) => {
    console.warn(`Test schemas are migrated file by file: no PostgreSQL template (${(error as Error).message.split('\n')[0]})`);
    return null;
  });
  const template = empty ? null : await postgresTemplate;
  await withPg(adminUrl, (c) =>
    c.query(template ? template.script.replaceAll(template.schema, schema) : `create schema ${schema} authorization ${TEST_ROLES.owner}`),
  );
  return template !== null;
}

let postgresTemplate: Promise<{ schema: string; script: string } | null> | undefined;

async function migratedPostgresTemplate(adminUrl: string): Promise<{ schema: string; script: string }> {
  // Random, so that the name appears nowhere else in the script and a replace renames only it.
  const schema = `test_template_${randomBytes(8).toString('hex')}`;
  const roles = await testRoles(adminUrl);
  await withPg(adminUrl, (c) => c.query(`create schema ${schema} authorization ${TEST_ROLES.owner}`));
  try {
    // pg_dump, like Kysely's migrator, reads every schema of the cluster: not while another file drops its own.
    const script = await whileNoSchemaIsDropped(adminUrl, async () => {
      const database = await openMigratedDatabase({ url: roles.app, migrationUrl: roles.owner, schema });
      await database.destroy();
      // --inserts: rows as INSERTs, which one query can run (COPY … FROM stdin needs psql).
      const { stdout } = await promisify(execFile)('pg_dump', ['--schema', schema, '--inserts', adminUrl], { maxBuffer: 64 << 20 });
      // psql's own \restrict and \unrestrict (pg_dump since 15.14) are no SQL: left out.
      return stdout.replace(/^\\(un)?restrict .*$/gm, '');
    });
    // Tried once in a transaction taken back: a script this server refuses (a newer pg_dump's settings)
    // is no template.
    await withPg(adminUrl, async (c) => {
      await c.query('begin');
      try {
        await c.query(script.replaceAll(schema, `test_template_${randomBytes(8).toString('hex')}`));
      } finally {
        await c.query('rollback');
      }
    });
    return { schema, script };
  } finally {
    await withPg(adminUrl, (c) => dropSchema(c, schema));
  }
}

/** The two test roles (cluster-wide, kept between runs); TEST_DATABASE_URL's role creates them. */
export const TEST_ROLES = { owner: 'promotor_test_owner', app: 'promotor_test_app' } as const;
// Ignored where the server trusts local connections (CI); used where it asks for a password.
const TEST_ROLE_PASSWORD = 'promotor-test';
let testRolesMade: Promise<void> | undefined;

/** The owner's and the app's URLs, the roles made once per process; test files run in parallel. */
export async function testRoles(adminUrl: string): Promise<{ owner: string; app: string }> {
  testRolesMade ??= withPg(adminUrl, async (c) => {
    // Two files making a role at once would collide on pg_authid's unique name: one at a time.
    await c.query('begin');
    await c.query(`select pg_advisory_xact_lock(hashtext('promotor: test roles'))`);
    for (const role of Object.values(TEST_ROLES)) {
      const exists = await c.query('select 1 from pg_roles where rolname = $1', [role]);
      if (exists.rowCount === 0) await c.query(`create role ${role} login password '${TEST_ROLE_PASSWORD}'`);
    }
    await c.query('commit');
  });
  await testRolesMade;
  const as = (role: string) => {
    const u = new URL(adminUrl);
    u.username = role;
    u.password = TEST_ROLE_PASSWORD;
    return u.toString();
  };
  return { owner: as(TEST_ROLES.owner), app: as(TEST_ROLES.app) };
}

// Kysely's migrator looks its tables up in every schema of the cluster (has_schema_privilege by name),
// which fails when another file's schema is dropped during that look-up: migrations share a lock that a
// drop takes alone.
const SCHEMA_DROP_LOCK = `hashtext('promotor: test schema drop')`;

export async function whileNoSchemaIsDropped<T>(adminUrl: string, fn: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await withPg(adminUrl, async (c) => {
    await c.query(`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`);
    result = await fn();
  });
  return result!;
}

/** Drops a test schema alone: no other file's migrator is looking the cluster's schemas up meanwhile. */
export async function dropTestSchema(adminUrl: string, schema: string): Promise<void> {
  await withPg(adminUrl, (c) => dropSchema(c, schema));
}

async function dropSchema(c: pg.Client, schema: string): Promise<void> {
  await c.query('begin');
  // Tried, not waited for in PostgreSQL's queue: a drop waiting there would hold up every migration that
  // asks for the shared lock after it, and the drops behind those (a convoy that once timed out two files'
  // hooks on CI while a slow test held the shared lock for a minute).
  while (!(await c.query<{ taken: boolean }>(`select pg_try_advisory_xact_lock(${SCHEMA_DROP_LOCK}) as taken`)).rows[0]!.taken) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await c.query(`drop schema ${schema} cascade`);
  await c.query('commit');
}

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
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
