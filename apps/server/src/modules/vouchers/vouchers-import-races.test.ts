import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildEvent } from '../../test/builders.ts';
import { buildSignedInStaff } from '../../test/admin-builders.ts';
import { postVoucherCodes } from '../../test/planning.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/vouchers/import under concurrent writers (issue 32, decision 106), on both databases:
// the batch is made once (its unique key, insert-or-nothing), each code stored once, and the counts
// add up as if the imports had run one after another. No answer is a 5xx.

type Answer = { added: number; skipped: number; batchCreated: boolean };

describe.each(testDatabases)('voucher imports at once (%s)', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof buildSignedInStaff>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const newEvent = async () => {
    const ident = `EV-KODY-${randomUUID().slice(0, 8)}`;
    return { ident, id: await buildEvent(t, { ident }) };
  };
  const importCodes = (event: string, batch: string, codes: string[]) =>
    postVoucherCodes(t.app, admin.token, {
      event,
      batch,
      text: `kod\n${codes.join('\n')}\n`,
      headers: { 'idempotency-key': randomUUID() },
    });
  /** Codes of the test's own (a code is unique across batches): `prefix`-00000 on. */
  const codesOf = (prefix: string, from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `${prefix}-${String(from + i).padStart(5, '0')}`);
  const newPrefix = () => `KOD${randomUUID().slice(0, 6)}`;
  const storedBatches = (eventId: string) =>
    t.db.selectFrom('voucher_batches').select(['id', 'ident']).where('event_id', '=', eventId).execute();
  const storedCodes = async (batchIds: string[]) =>
    (await t.db.selectFrom('vouchers').select('ident').where('batch_id', 'in', batchIds).execute()).map((v) => v.ident).sort();

  it('20 imports of one file into a new batch at once: one batch, each code once, one import counted them added', async () => {
    const event = await newEvent();
    const codes = codesOf(newPrefix(), 0, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => importCodes(event.ident, 'Nowa partia', codes)));
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const data = answers.map((r) => r.json().data as Answer);
    expect(data.filter((d) => d.batchCreated)).toHaveLength(1);
    expect(data.map((d) => d.added).sort((x, y) => y - x)).toEqual([50, ...Array.from({ length: 19 }, () => 0)]);
    for (const d of data) expect(d.added + d.skipped).toBe(50);
    const batches = await storedBatches(event.id);
    expect(batches.map((b) => b.ident)).toEqual(['Nowa partia']);
    expect(await storedCodes(batches.map((b) => b.id))).toEqual(codes);
  });

  it('ten overlapping files into one new batch at once: every code once, each counted added by one import', async () => {
    const event = await newEvent();
    const prefix = newPrefix();
    const files = Array.from({ length: 10 }, (_, i) => codesOf(prefix, i * 5, i * 5 + 10));
    const answers = await Promise.all(files.map((codes) => importCodes(event.ident, 'Partia wspólna', codes)));
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const data = answers.map((r) => r.json().data as Answer);
    expect(data.filter((d) => d.batchCreated)).toHaveLength(1);
    const all = codesOf(prefix, 0, 55);
    expect(data.reduce((n, d) => n + d.added, 0)).toBe(all.length);
    for (const d of data) expect(d.added + d.skipped).toBe(10);
    const batches = await storedBatches(event.id);
    expect(batches).toHaveLength(1);
    expect(await storedCodes(batches.map((b) => b.id))).toEqual(all);
  });
});
