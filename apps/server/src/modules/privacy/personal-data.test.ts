import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import type { Db, Dialect } from '../../db/kysely.ts';
import { sha256 } from '../../lib/crypto.ts';
import { mgmKit } from '../../test/mgm.ts';
import { startRegistrationApp } from '../../test/registrations.ts';
import { officer, registerConsumer, requestsApi, type RegisteredConsumer } from '../../test/subject-requests.ts';
import { post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { recipientHash } from '../leads/leads.service.ts';
import { BOOKKEEPING_TABLES, consumerColumns, PERSONAL_DATA, type ColumnClass } from './personal-data.ts';

// The inventory of personal data (decision 098) against the database itself: every column of every
// table is classified (a migration's new column without a rule fails here), and an erasure leaves none
// of her data in any column that holds a consumer's.

/** The migrated database's own tables and columns, as it reports them. */
async function columnsOf(db: Db, dialect: Dialect): Promise<Map<string, Set<string>>> {
  const rows =
    dialect === 'sqlite'
      ? (
          await sql<{ table_name: string; column_name: string }>`
            select m.name as table_name, c.name as column_name
            from sqlite_master m join pragma_table_info(m.name) c
            where m.type = 'table'`.execute(db)
        ).rows
      : (
          await sql<{ table_name: string; column_name: string }>`
            select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(db)
        ).rows;
  const tables = new Map<string, Set<string>>();
  for (const r of rows) {
    if ((BOOKKEEPING_TABLES as readonly string[]).includes(r.table_name)) continue;
    tables.set(r.table_name, (tables.get(r.table_name) ?? new Set()).add(r.column_name));
  }
  return tables;
}

describe.each(testDatabases)('the inventory of personal data (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  it('classifies every table and column of the migrated database, and names none it does not have', async () => {
    const actual = await columnsOf(t.db, dialect);
    const inventory = PERSONAL_DATA as unknown as Record<string, Record<string, ColumnClass>>;
    const unclassified = [...actual].flatMap(([table, columns]) =>
      [...columns].filter((c) => !inventory[table]?.[c]).map((c) => `${table}.${c}`),
    );
    const stale = Object.entries(inventory).flatMap(([table, columns]) =>
      Object.keys(columns)
        .filter((c) => !actual.get(table)?.has(c))
        .map((c) => `${table}.${c}`),
    );
    expect(unclassified, 'columns without a rule in personal-data.ts').toEqual([]);
    expect(stale, 'columns of personal-data.ts the database does not have').toEqual([]);
  });

  /** Everything a consumer leaves behind: the webform's registration, a receipt, MGM, an export kept for replays. */
  async function herWholeFootprint(): Promise<RegisteredConsumer> {
    // Not in the club yet: MGM refers only those who are not.
    const her = await registerConsumer(t, cat, { club: false });
    // Rows written before /lead/register filled no e-mail on the lead (decision 067): one as old imports have it.
    await t.db.updateTable('leads').set({ email_address: her.contact.emailAddress }).where('id', '=', her.leadId).execute();
    const kit = mgmKit(() => t);
    const piotr = await kit.promoter();
    const c = { emailAddress: her.contact.emailAddress, mobileNumber: her.contact.mobileNumber };
    expect((await kit.validate(piotr, c.emailAddress)).statusCode).toBe(200);
    expect((await kit.updateAndConfirm(piotr, c)).statusCode).toBe(200);
    const invited = await kit.invite(piotr, c.emailAddress, { 'idempotency-key': `invite-${her.id}` });
    expect(invited.statusCode, invited.body).toBe(200);
    // Then she joined the club, and its own list knows her by e-mail too (an import, no id).
    await t.db.updateTable('consumers').set({ inspiration_club_since: t.clock.now().toISOString() }).where('id', '=', her.id).execute();
    await t.db
      .insertInto('inspiration_club_members')
      .values({
        id: `imp-${her.id}`,
        email_address: her.contact.emailAddress,
        consumer_id: null,
        joined_at: '2025-01-01T00:00:00.000Z',
        left_at: null,
      })
      .execute();
    const o = await officer(t);
    const access = await requestsApi(t).create(o.token, { consumer: { uuid: her.id }, kind: 'access', note: 'Wniosek e-mailem' });
    const answered = await post(
      t.app,
      '/admin/consumers/requests/complete',
      { request: { uuid: access.json().data.request.uuid } },
      o.token,
      { 'idempotency-key': `export-${her.id}` },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    return her;
  }

  const valuesOf = async (table: string, column: string) =>
    (
      await t.db
        .selectFrom(table as 'consumers')
        .select(sql.ref(column).as('v'))
        .execute()
    )
      .map((r) => (r as { v: unknown }).v)
      .filter((v) => v !== null && v !== undefined);

  /** The request an idempotency hash covers, for the phone's MGM invite: method, route, canonical body. */
  const inviteText = (email: string) => `POST /api/mgm/invite-consumer {"consumer":{"emailAddress":${JSON.stringify(email)}}}`;

  it('an MGM invite kept for replays does not let the table confirm her e-mail: its request hash is keyed', async () => {
    const kit = mgmKit(() => t);
    const piotr = await kit.promoter();
    const her = await kit.consumer();
    const key = `invite-${her.id}`;
    const invited = await kit.invite(piotr, her.emailAddress, { 'idempotency-key': key });
    expect(invited.statusCode, invited.body).toBe(200);
    const row = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.scope).toBe(`${piotr.userId} /api/mgm/invite-consumer`);
    expect(row.request_hash).not.toContain(sha256(inviteText(her.emailAddress)));
    expect(row.request_hash).not.toContain(sha256(her.emailAddress));
    // Still the same request to the server, which holds the key: the retry replays.
    const again = await kit.invite(piotr, her.emailAddress, { 'idempotency-key': key });
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', invited.body]);
  });

  it('an erasure leaves none of her data in any column that holds a consumer’s; every such column held some before', async () => {
    const her = await herWholeFootprint();
    const columns = consumerColumns().filter((c) => !(c.table === 'blobs' && dialect === 'sqlite'));
    const emptyBefore: string[] = [];
    for (const c of columns.filter((c) => !c.rule.startsWith('keep'))) {
      if ((await valuesOf(c.table, c.column)).length === 0) emptyBefore.push(`${c.table}.${c.column}`);
    }
    expect(emptyBefore, 'columns the footprint left empty: the erasure would not be tested on them').toEqual([]);

    const email = her.contact.emailAddress;
    const number = her.contact.mobileNumber;
    const needles = [
      email,
      number,
      her.contact.numberNoPrefix,
      her.firstName,
      her.lastName,
      her.serial,
      recipientHash({ emailAddress: email, mobileNumber: number }),
      sha256(`mgm-lookup:${email}`),
      sha256(email),
      sha256(number),
      // What a plain digest of her MGM invite (kept for replays) would be: the keyed one is not (decision 102).
      sha256(inviteText(email)),
    ];
    const found = async () => {
      const hits: string[] = [];
      for (const c of columns) {
        for (const v of await valuesOf(c.table, c.column)) {
          const text = (Buffer.isBuffer(v) ? '' : String(v)).toLowerCase();
          for (const n of needles) if (text.includes(n.toLowerCase())) hits.push(`${c.table}.${c.column}: ${n}`);
        }
      }
      return [...new Set(hits)];
    };
    // Her hashes are where the other modules keep them: the needles find what the erasure must reach.
    const before = await found();
    for (const where of ['lead_otps.recipient_hash', 'mgm_lookups.email_hash', 'rate_counters.key', 'idempotency_keys.response_body'])
      expect(
        before.some((h) => h.startsWith(where)),
        where,
      ).toBe(true);

    const o = await officer(t);
    const erasure = await requestsApi(t).create(o.token, { consumer: { uuid: her.id }, kind: 'erasure' });
    const done = await requestsApi(t).complete(o.token, erasure.json().data.request.uuid);
    expect(done.statusCode, done.body).toBe(200);

    expect(await found()).toEqual([]);
    const served = await post(t.app, '/action/receipt/serve', { receipt: { uuid: her.receiptId } }, her.registrar.token);
    expect([served.statusCode, served.json().data.error]).toEqual([410, 'E_RECEIPT_IMAGE_REMOVED']);
    const receipt = await t.db.selectFrom('action_receipts').selectAll().where('id', '=', her.receiptId).executeTakeFirstOrThrow();
    expect(receipt.image_removed_at).not.toBeNull();
    // The rows the counts and proofs read are all still there.
    expect(await t.db.selectFrom('leads').select('id').where('consumer_id', '=', her.id).execute()).toHaveLength(1);
    expect((await t.db.selectFrom('consent_records').select('id').where('consumer_id', '=', her.id).execute()).length).toBeGreaterThan(0);
    expect(await t.db.selectFrom('mgm_invitations').select('points').where('consumer_id', '=', her.id).execute()).toHaveLength(1);
  });
});
