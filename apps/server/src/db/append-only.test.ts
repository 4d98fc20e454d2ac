import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/crypto.ts';
import { recordAudit } from '../plugins/audit-trail.ts';
import { insertConsentRecords } from '../modules/leads/lead-register.repository.ts';
import { buildPromoter } from '../test/builders.ts';
import { buildConsumer } from '../test/consumer-builders.ts';
import { newContact } from '../test/registrations.ts';
import { createTestApp, testDatabases, testRoles, TEST_ROLES, whileNoSchemaIsDropped, type TestApp } from '../test/test-app.ts';
import { APPEND_ONLY_TABLES } from './append-only.ts';
import { openMigratedDatabase } from './database-roles.ts';
import type { Db } from './kysely.ts';

// Decision 077: what proves a consent (the records and the texts, decision 078) is only ever added to.
// The app's role (t.db) is the one the server runs as; on PostgreSQL the owner migrated the schema.

/** A consent record made through the app's one path, by a new promoter for a new consumer. */
async function consentRecord(t: TestApp): Promise<string> {
  const promoter = await buildPromoter(t);
  const c = newContact();
  const consumerId = await buildConsumer(t, { ...c, firstName: 'Ewa', lastName: 'Nowak' });
  const text = await t.db.selectFrom('consent_texts').select(['version', 'text_hash']).executeTakeFirstOrThrow();
  const id = newId();
  await insertConsentRecords(t.db, [
    {
      id,
      consumer_id: consumerId,
      lead_id: null,
      field: 'newsletterCommercialAuthorization',
      decision: 1,
      text_version: text.version,
      text_hash: text.text_hash,
      recorded_at: t.clock.now().toISOString(),
      user_id: promoter.userId,
      action_id: null,
      action_point_id: null,
      channel: 'webform',
    },
  ]);
  return id;
}

/** A withdrawal the privacy officer recorded (issue 26), for the consumer of a new consent record. */
async function consentWithdrawal(t: TestApp): Promise<void> {
  const recordId = await consentRecord(t);
  const { consumer_id } = await t.db
    .selectFrom('consent_records')
    .select('consumer_id')
    .where('id', '=', recordId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('consent_withdrawals')
    .values({
      id: newId(),
      consumer_id,
      field: 'newsletterCommercialAuthorization',
      recorded_at: t.clock.now().toISOString(),
      staff_id: newId(),
      staff_name: 'Roman Inspektor',
      note: 'Prośba e-mailem',
      request_id: null,
    })
    .execute();
}

/** An audit log entry (decision 086), through its one writer. */
const auditEntry = (t: TestApp) =>
  recordAudit(t.db, t.clock.now(), {
    actor: { type: 'anonymous', id: null, name: 'ktos@test.pl', roles: [], address: '127.0.0.1' },
    verb: 'auth.login_failed',
  });

const count = async (db: Db, table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe.each(testDatabases)('append-only tables (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await consentRecord(t);
    await consentWithdrawal(t);
    await auditEntry(t);
  });
  afterAll(() => t.close());

  it.each(APPEND_ONLY_TABLES)('%s: the app cannot change, delete or empty a row', async (table) => {
    const before = await count(t.db, table);
    expect(before).toBeGreaterThan(0);
    const refused = dialect === 'postgres' ? new RegExp(`permission denied for table ${table}`) : new RegExp(`${table} is append-only`);
    await expect(sql`update ${sql.table(table)} set id = id`.execute(t.db)).rejects.toThrow(refused);
    await expect(sql`delete from ${sql.table(table)} where id is not null`.execute(t.db)).rejects.toThrow(refused);
    // SQLite's TRUNCATE: a DELETE without WHERE (its shortcut is off on a table with triggers).
    await expect(sql`delete from ${sql.table(table)}`.execute(t.db)).rejects.toThrow(refused);
    expect(await count(t.db, table)).toBe(before);
  });

  it.each(APPEND_ONLY_TABLES)('%s: its owner is stopped by the triggers too (UPDATE, DELETE, TRUNCATE)', async (table) => {
    const before = await count(t.db, table);
    const refused = new RegExp(`${table} is append-only`);
    await t.asOwner(async (db) => {
      await expect(sql`update ${sql.table(table)} set id = id`.execute(db)).rejects.toThrow(refused);
      await expect(sql`delete from ${sql.table(table)}`.execute(db)).rejects.toThrow(refused);
      // CASCADE: consent_texts is referenced by the records, and would take them along.
      if (dialect === 'postgres') await expect(sql`truncate table ${sql.table(table)} cascade`.execute(db)).rejects.toThrow(refused);
    });
    expect(await count(t.db, table)).toBe(before);
  });
});

describe.runIf(testDatabases.includes('postgres'))('the app’s PostgreSQL role (decision 077)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An empty schema the app's start migrates and grants, as in production (not the tests' template).
    t = await createTestApp('postgres', { migrateAtStart: true });
    await consentRecord(t);
    await consentWithdrawal(t);
    await auditEntry(t);
  });
  afterAll(() => t.close());

  const grantsOf = async (table: string) =>
    (
      await sql<{ privilege: string }>`select privilege_type as privilege from information_schema.role_table_grants
        where grantee = ${TEST_ROLES.app} and table_schema = current_schema() and table_name = ${table} order by 1`.execute(t.db)
    ).rows.map((r) => r.privilege);

  it('runs the app, not the schema: it is not the owner of the consent tables', async () => {
    const { rows } = await sql<{ role: string; owner: string }>`select current_user as role, tableowner as owner
      from pg_tables where schemaname = current_schema() and tablename = 'consent_records'`.execute(t.db);
    expect(rows).toEqual([{ role: TEST_ROLES.app, owner: TEST_ROLES.owner }]);
  });

  it.each(APPEND_ONLY_TABLES)(
    '%s: only SELECT and INSERT are granted; TRUNCATE, DELETE, UPDATE, DISABLE TRIGGER and DROP TRIGGER are refused',
    async (table) => {
      expect(await grantsOf(table)).toEqual(['INSERT', 'SELECT']);
      const before = await count(t.db, table);
      const t_ = sql.table(table);
      const notAllowed = new RegExp(`permission denied for table ${table}`);
      const notOwner = new RegExp(`must be owner of (relation|table) ${table}`);
      await expect(sql`truncate table ${t_} cascade`.execute(t.db)).rejects.toThrow(notAllowed);
      await expect(sql`delete from ${t_}`.execute(t.db)).rejects.toThrow(notAllowed);
      await expect(sql`update ${t_} set id = id`.execute(t.db)).rejects.toThrow(notAllowed);
      await expect(sql`alter table ${t_} disable trigger all`.execute(t.db)).rejects.toThrow(notOwner);
      await expect(sql`alter table ${t_} disable trigger ${sql.id(`${table}_append_only`)}`.execute(t.db)).rejects.toThrow(notOwner);
      await expect(sql`drop trigger ${sql.id(`${table}_append_only`)} on ${t_}`.execute(t.db)).rejects.toThrow(notOwner);
      await expect(sql`drop trigger ${sql.id(`${table}_no_truncate`)} on ${t_}`.execute(t.db)).rejects.toThrow(notOwner);
      await expect(sql`drop table ${t_}`.execute(t.db)).rejects.toThrow(notOwner);
      expect(await count(t.db, table)).toBe(before);
    },
  );

  it('a start takes back what else the app role was given, and refuses one role in both URLs', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const roles = await testRoles(adminUrl);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const schema = rows[0]!.schema;
    await t.asOwner((db) => sql`grant delete, truncate on consent_records to ${sql.id(TEST_ROLES.app)}`.execute(db));
    expect(await grantsOf('consent_records')).toEqual(['DELETE', 'INSERT', 'SELECT', 'TRUNCATE']);
    // The server's start again (migrations look at every schema: not while another file drops its own).
    const start = (url: string) => whileNoSchemaIsDropped(adminUrl, () => openMigratedDatabase({ url, migrationUrl: roles.owner, schema }));
    const again = await start(roles.app);
    await again.destroy();
    expect(await grantsOf('consent_records')).toEqual(['INSERT', 'SELECT']);
    await expect(start(roles.owner)).rejects.toThrow(`MIGRATION_DATABASE_URL and DATABASE_URL both connect as ${TEST_ROLES.owner}`);
  });

  it('keeps every row of the ordinary tables, only reads the list of migrations, and has no table of its own', async () => {
    expect(await grantsOf('sessions')).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
    // /readyz compares the applied migrations with the code's (decision 131).
    expect(await grantsOf('kysely_migration')).toEqual(['SELECT']);
    expect(await grantsOf('kysely_migration_lock')).toEqual([]);
    await expect(sql`create table mine (id text)`.execute(t.db)).rejects.toThrow(/permission denied for schema/);
  });
});
