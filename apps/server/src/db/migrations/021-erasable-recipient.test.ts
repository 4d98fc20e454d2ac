import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mgmKit } from '../../test/mgm.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { ERASED_RECIPIENT, FIXED_COLUMNS } from '../confirmed-proofs.ts';
import type { Db } from '../kysely.ts';

// Migration 021 (decision 098): a confirmed MGM consent request still never changes nor goes — but an
// erasure may replace the number it went to by 'erased', that one change and nothing with it.

describe.each(testDatabases)('migration 021: a confirmed proof takes an erasure of its recipient, nothing else (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const kit = mgmKit(() => t);

  async function confirmedProof() {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    await kit.update(piotr, c);
    await kit.confirm(piotr, c.emailAddress, await kit.codeSentTo(c.mobileNumber));
    return t.db.selectFrom('mgm_consent_confirmations').selectAll().where('consumer_id', '=', c.id).executeTakeFirstOrThrow();
  }
  const proofOf = (id: string) => t.db.selectFrom('mgm_consent_confirmations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refused = /mgm_consent_confirmations|permission denied/;

  it('the app may set a confirmed row’s recipient to "erased"; the row is otherwise what it was', async () => {
    const proof = await confirmedProof();
    await t.db.updateTable('mgm_consent_confirmations').set({ recipient: ERASED_RECIPIENT }).where('id', '=', proof.id).execute();
    expect(await proofOf(proof.id)).toEqual({ ...proof, recipient: ERASED_RECIPIENT });
  });

  it('any other change of a confirmed row is still refused, for the app and the owner: another number, erased with another column, a delete', async () => {
    const proof = await confirmedProof();
    const rewrites = [
      { recipient: '+48500999999' },
      { recipient: ERASED_RECIPIENT, confirmed_at: null },
      { recipient: ERASED_RECIPIENT, consents: '[]' },
      { recipient: ERASED_RECIPIENT, wrong_tries: 3 },
      { consents: '[]' },
    ];
    for (const as of ['app', 'owner'] as const) {
      for (const set of rewrites) {
        const update = (q: Db) => q.updateTable('mgm_consent_confirmations').set(set).where('id', '=', proof.id).execute();
        await expect(as === 'app' ? update(t.db) : t.asOwner(update)).rejects.toThrow(refused);
      }
      const remove = (q: Db) => q.deleteFrom('mgm_consent_confirmations').where('id', '=', proof.id).execute();
      await expect(as === 'app' ? remove(t.db) : t.asOwner(remove)).rejects.toThrow();
    }
    expect(await proofOf(proof.id)).toEqual(proof);
  });

  it("the columns SQLite's trigger keeps fixed are the table's, but for recipient", async () => {
    const columns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info('mgm_consent_confirmations')`.execute(t.db)).rows
        : (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = 'mgm_consent_confirmations'`.execute(t.db)
          ).rows;
    expect(columns.map((c) => c.name).sort()).toEqual([...FIXED_COLUMNS, 'recipient'].sort());
  });
});
