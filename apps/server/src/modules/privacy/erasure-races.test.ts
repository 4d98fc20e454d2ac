import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { buildRegistrar, register, registrationBody, sendCodes, startRegistrationApp } from '../../test/registrations.ts';
import { registerConsumer } from '../../test/subject-requests.ts';
import { testDatabases, type TestApp } from '../../test/test-app.ts';
import { eraseConsumer } from './erasure.ts';

// An erasure (decision 098) racing a registration of the same e-mail. PostgreSQL only: on SQLite a
// transaction runs alone, so a registration reads her row either before the erasure began or after it
// committed. On PostgreSQL (READ COMMITTED) a registration may read her row, then the erasure commits,
// then the registration writes: that write must not put her data back on the erased row.

/** Waits until a statement of another connection waits for a row lock on consumers. */
async function untilBlockedOnConsumers(db: Db): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
      where wait_event_type = 'Lock' and query ilike 'update "consumers"%'`.execute(db);
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  const { rows } =
    await sql`select state, wait_event_type, left(query, 120) as q from pg_stat_activity where datname = current_database()`.execute(db);
  throw new Error(`no registration waited on her row: ${JSON.stringify(rows)}`);
}

describe.runIf(testDatabases.includes('postgres'))('an erasure racing a registration (postgres)', () => {
  const dialect = 'postgres';
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  it('a registration that read her row before the erasure committed makes her a new consumer; the erased row names no one', async () => {
    const her = await registerConsumer(t, cat, { club: false });
    const r = await buildRegistrar(t);
    const body = registrationBody(t, r, her.contact, cat, {
      codes: await sendCodes(t, r.token, her.contact),
      // A Glo owner may take a Velo sample (decision 063's offers): a registration the erasure does not refuse.
      offers: { Velo: { sampling: 'VELOICE10' }, InspirationClub: false },
      lead: { firstName: 'Janina', lastName: 'Wróciła' },
    });
    const row = await t.db.selectFrom('consumers').selectAll().where('id', '=', her.id).executeTakeFirstOrThrow();

    let registration: ReturnType<typeof register> | undefined;
    await t.db.transaction().execute(async (trx) => {
      // The erasure's transaction has her row; the registration reads the row as committed (her e-mail
      // still on it) and waits to write it until the erasure commits.
      await sql`select id from consumers where id = ${her.id} for update`.execute(trx);
      registration = register(t, r.token, body);
      await untilBlockedOnConsumers(t.db);
      expect(await eraseConsumer(trx, row, t.clock.now())).toBe(true);
    });
    const res = await registration!;
    expect(res.statusCode, res.body).toBe(200);

    const erased = await t.db.selectFrom('consumers').selectAll().where('id', '=', her.id).executeTakeFirstOrThrow();
    expect(erased).toMatchObject({ email_address: `erased-${her.id}@invalid`, mobile_number: '', first_name: '', last_name: '' });
    expect(erased.birth_date).toBeNull();
    const anew = await t.db
      .selectFrom('consumers')
      .select(['id', 'last_name', 'erased_at'])
      .where('email_address', '=', her.contact.emailAddress)
      .executeTakeFirstOrThrow();
    expect(anew).toMatchObject({ last_name: 'Wróciła', erased_at: null });
    expect(anew.id).not.toBe(her.id);
    const lead = await t.db.selectFrom('leads').select('consumer_id').where('id', '=', res.json().data.lead.id).executeTakeFirstOrThrow();
    expect(lead.consumer_id).toBe(anew.id);
    const records = await t.db.selectFrom('consent_records').select('consumer_id').where('lead_id', '=', res.json().data.lead.id).execute();
    expect(new Set(records.map((c) => c.consumer_id))).toEqual(new Set([anew.id]));
  });
});
