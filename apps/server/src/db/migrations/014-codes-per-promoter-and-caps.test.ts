import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { testDatabases } from '../../test/test-app.ts';
import { databaseAt, insertOldAction, insertOldPromoter } from '../../test/migration-database.ts';

// Migration 014 on a database that has data (decision 080): pending codes survive the remade lead_otps,
// and the new counters start from the rows already there.

const at = new Date().toISOString();

describe.each(testDatabases)('migration 014 (%s)', (dialect) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it('keeps pending codes, lets two promoters hold codes for one contact, and counts the receipts and test leads already there', async () => {
    const before = await databaseAt(dialect, '010-mgm');
    close = before.close;
    const { db } = before;
    const [anna, piotr] = [await insertOldPromoter(db, at), await insertOldPromoter(db, at)];
    const actionId = await insertOldAction(db, { at, since: at, until: at, name: 'Test exp1707' });
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

    await before.migrateRest();

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
