import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { testDatabases } from '../../test/test-app.ts';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from '../kysely.ts';
import { migrateToLatest, migrateUpTo } from '../migrate.ts';

// Migration 014 on a database that has data (decision 080): pending codes survive the remade lead_otps,
// and the new counters start from the rows already there.

async function onPg(sqlText: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  await client.query(sqlText).finally(() => client.end());
}

/** A database migrated up to 010 (before this migration); closing it removes it. */
async function databaseBefore014(dialect: Dialect): Promise<{ database: DatabaseHandle; schema?: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-m014-'));
  const schema = `m014_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') await onPg(`create schema ${schema}`);
  const url = dialect === 'sqlite' ? `sqlite:${path.join(dir, 'm.sqlite')}` : process.env.TEST_DATABASE_URL!;
  const database = openDatabase({ url, ...(dialect === 'postgres' ? { schema } : {}) });
  const inSchema = dialect === 'postgres' ? schema : undefined;
  await migrateUpTo(database.db, dialect, '010-mgm', inSchema);
  const close = async () => {
    await database.destroy();
    if (dialect === 'postgres') await onPg(`drop schema ${schema} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { database, ...(inSchema ? { schema: inSchema } : {}), close };
}

const at = new Date().toISOString();

async function insertUser(db: Db) {
  const id = newId();
  const username = `u-${id}@test.pl`;
  await db
    .insertInto('users')
    .values({
      id,
      ident: `HST-${id.slice(0, 8)}`,
      username,
      password_hash: 'x',
      firstname: 'A',
      lastname: 'B',
      email_address: null,
      mobile_phone: null,
      created_at: at,
    })
    .execute();
  return id;
}

describe.each(testDatabases)('migration 014 (%s)', (dialect) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it('keeps pending codes, lets two promoters hold codes for one contact, and counts the receipts and test leads already there', async () => {
    const before = await databaseBefore014(dialect);
    close = before.close;
    const { db } = before.database;
    const [anna, piotr] = [await insertUser(db), await insertUser(db)];
    const eventId = newId();
    await db
      .insertInto('events')
      .values({ id: eventId, ident: `EV-${eventId.slice(0, 6)}`, name: 'E' })
      .execute();
    const actionId = newId();
    await db
      .insertInto('actions')
      .values({
        id: actionId,
        ident: `A-${actionId.slice(0, 6)}`,
        name: 'Test exp1707',
        event_id: eventId,
        since: at,
        until: at,
        global_status: 'started',
        created_at: at,
      })
      .execute();
    await db
      .insertInto('action_assignments')
      .values({ action_id: actionId, user_id: anna, status: 'started', action_point_id: null, last_status_at: at, cancelled_at: null })
      .execute();
    const lead = {
      user_id: anna,
      action_id: actionId,
      action_point_id: null,
      hostess_code: 'H',
      email_address: null,
      created_at: at,
      wall_time: at,
    };
    const [leadA, leadB] = [newId(), newId()];
    await db
      .insertInto('leads')
      .values([
        { id: leadA, ...lead, is_test: 1 },
        { id: leadB, ...lead, is_test: 1 },
      ])
      .execute();
    const receipt = (leadId: string) => ({
      id: newId(),
      action_id: actionId,
      user_id: anna,
      lead_id: leadId,
      device_serial: null,
      device_beacon: null,
      blob_key: newId(),
      content_type: 'image/jpeg',
      size: 1,
      created_at: at,
    });
    await db
      .insertInto('action_receipts')
      .values([receipt(leadA), receipt(leadA), receipt(leadB)])
      .execute();
    const codes = { recipient_hash: 'contact', email_code_hash: 'e', sms_code_hash: 's', created_at: at, expires_at: at };
    await db
      .insertInto('lead_otps')
      .values({ id: 'annas', user_id: anna, ...codes })
      .execute();

    await migrateToLatest(db, dialect, before.schema);

    expect(await db.selectFrom('lead_otps').select(['id', 'user_id', 'recipient_hash']).execute()).toEqual([
      { id: 'annas', user_id: anna, recipient_hash: 'contact' },
    ]);
    await db
      .insertInto('lead_otps')
      .values({ id: 'piotrs', user_id: piotr, ...codes })
      .execute();
    await expect(
      db
        .insertInto('lead_otps')
        .values({ id: 'annas-again', user_id: anna, ...codes })
        .execute(),
    ).rejects.toThrow();
    const leads = await db.selectFrom('leads').select(['id', 'receipt_count']).orderBy('receipt_count', 'desc').execute();
    expect(leads).toEqual([
      { id: leadA, receipt_count: 2 },
      { id: leadB, receipt_count: 1 },
    ]);
    expect((await db.selectFrom('actions').select('receipt_count').executeTakeFirstOrThrow()).receipt_count).toBe(3);
    expect((await db.selectFrom('action_assignments').select('test_lead_count').executeTakeFirstOrThrow()).test_lead_count).toBe(2);
  });
});
