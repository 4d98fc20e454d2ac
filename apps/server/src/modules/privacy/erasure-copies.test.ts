import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { startRegistrationApp } from '../../test/registrations.ts';
import { officer, receiptUpload, registerConsumer, requestsApi, type RegisteredConsumer } from '../../test/subject-requests.ts';
import { post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { erasedTables } from './personal-data.ts';

// An erasure leaves no copy anywhere the product writes (issue 32 item 7, decision 108): not in the
// answers kept for replays, and on SQLite not in the file's free space nor in its WAL.

describe.each(testDatabases)('an erasure leaves no copy (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  async function erase(her: RegisteredConsumer) {
    const o = await officer(t);
    const request = await requestsApi(t).create(o.token, { consumer: { uuid: her.id }, kind: 'erasure' });
    const done = await requestsApi(t).complete(o.token, request.json().data.request.uuid);
    expect(done.statusCode, done.body).toBe(200);
  }

  /** An export of her data, kept for replays as the officer's retry would find it. */
  async function exportKept(her: RegisteredConsumer) {
    const o = await officer(t);
    const access = await requestsApi(t).create(o.token, { consumer: { uuid: her.id }, kind: 'access' });
    const headers = { 'idempotency-key': `export-${her.id}` };
    const answered = await post(
      t.app,
      '/admin/consumers/requests/complete',
      { request: { uuid: access.json().data.request.uuid } },
      o.token,
      headers,
    );
    expect(answered.statusCode, answered.body).toBe(200);
  }

  it("her receipt's answer, replayed after the erasure, names no device: the same receipt, device.serial null, nothing made again", async () => {
    const her = await registerConsumer(t, cat);
    const lead = { id: her.leadId, bc: her.bc, serial: her.serial };
    const upload = receiptUpload(her.registrar, lead);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/action/receipt/create',
        payload: upload.payload,
        headers: { ...upload.headers, authorization: `Bearer ${her.registrar.token}`, 'idempotency-key': `second-receipt-${her.leadId}` },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.receipt.device.serial).toBe(her.serial);

    await erase(her);
    const replay = await send();
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(replay.json().data.receipt).toEqual({ uuid: first.json().data.receipt.uuid, device: { serial: null, beacon: her.bc } });
    expect(replay.body).not.toContain(her.serial);
    const receipts = await t.db.selectFrom('action_receipts').select(['id', 'device_serial']).where('lead_id', '=', her.leadId).execute();
    expect(receipts).toHaveLength(2);
    expect(receipts.map((r) => r.device_serial)).toEqual([null, null]);
  });

  it.runIf(dialect === 'sqlite')(
    'neither the SQLite file nor its WAL holds her e-mail, number, names or serial once she is erased',
    async () => {
      const her = await registerConsumer(t, cat);
      await exportKept(her);
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      const count = (name: string, needle: string) => {
        if (!fs.existsSync(name)) return 0;
        const bytes = fs.readFileSync(name);
        let n = 0;
        for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) n++;
        return n;
      };
      const copies = (needle: string) => count(file, needle) + count(`${file}-wal`, needle);
      const hers = [her.contact.emailAddress, her.contact.mobileNumber, her.firstName, her.lastName];
      // The search finds what it looks for: before, each is in the files, the e-mail many times over.
      for (const needle of [...hers, her.serial]) expect(copies(needle), needle).toBeGreaterThan(0);

      await erase(her);
      expect(hers.map((needle) => [needle, copies(needle)])).toEqual(hers.map((needle) => [needle, 0]));
      expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
      // The brand's device registry keeps its serials (personal-data.ts: the link to her goes): the file
      // holds the serial exactly as often as a clean rebuild of the database does — no leftover copy.
      const rebuilt = path.join(t.config.dataDir, `rebuilt-${her.id}.sqlite`);
      const reader = new SQLite(file, { readonly: true });
      try {
        reader.exec(`vacuum into '${rebuilt}'`);
      } finally {
        reader.close();
      }
      expect(count(rebuilt, her.serial)).toBeGreaterThan(0);
      expect(copies(her.serial)).toBe(count(rebuilt, her.serial));
    },
  );

  it("README's VACUUM for PostgreSQL's owner names exactly the tables an erasure changes, and the owner can run it", async () => {
    const readme = fs.readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const statement = /vacuum \(full, analyze\) [^;]+;/.exec(readme)?.[0];
    expect(statement).toBeDefined();
    const named = statement!
      .replace('vacuum (full, analyze)', '')
      .replace(';', '')
      .split(',')
      .map((name) => name.trim());
    expect(named).toEqual(erasedTables());
    if (dialect === 'postgres') await t.asOwner((db) => sql.raw(statement!).execute(db));
  });
});
