import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.ts';
import { errorOf, mgmKit } from '../../test/mgm.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { MGM_LOOKUPS_PER_HOUR } from './mgm-lookups.ts';

// Issue 21 item 4 (decision 079): a promoter may look up MGM_LOOKUPS_PER_HOUR different e-mails an hour,
// and every look-up is logged for the back office.

describe.each(testDatabases)('member-get-member: look-ups of consumers by e-mail (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const kit = mgmKit(() => t);
  const nobody = () => `nikt-${randomBytes(4).toString('hex')}@test.pl`;

  it(`${MGM_LOOKUPS_PER_HOUR} different e-mails an hour per promoter (validate, update, confirm, invite alike), the next is 429 E_TOO_MANY_REQUESTS; others are not limited; an hour later she may again`, async () => {
    expect(MGM_LOOKUPS_PER_HOUR).toBe(30);
    const ewa = await kit.promoter();
    const c = await kit.consumer();
    for (let i = 0; i < MGM_LOOKUPS_PER_HOUR; i++) expect((await kit.validate(ewa, nobody())).statusCode).toBe(404);
    expect(errorOf(await kit.validate(ewa, c.emailAddress))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(errorOf(await kit.update(ewa, c))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(errorOf(await kit.confirm(ewa, c.emailAddress, 'ABCDE'))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(errorOf(await kit.invite(ewa, c.emailAddress))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(await kit.smsTo(c.mobileNumber)).toEqual([]);
    expect((await kit.validate(await kit.promoter(), c.emailAddress)).statusCode).toBe(200);

    t.clock.advance(3_600_000);
    expect((await kit.validate(ewa, c.emailAddress)).statusCode).toBe(200);
  });

  it('one consumer walked through the whole flow (validate, update, confirm, invite, and a retry) is one look-up', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    for (let i = 0; i < MGM_LOOKUPS_PER_HOUR - 1; i++) expect((await kit.validate(ewa, nobody())).statusCode).toBe(404);
    expect(errorOf(await kit.validate(ewa, c.emailAddress))).toEqual([422, 'E_NO_CONSENTS']);
    expect(errorOf(await kit.validate(ewa, c.emailAddress.toUpperCase()))).toEqual([422, 'E_NO_CONSENTS']);
    expect((await kit.updateAndConfirm(ewa, c)).statusCode).toBe(200);
    expect((await kit.invite(ewa, c.emailAddress)).statusCode).toBe(200);
    expect(errorOf(await kit.validate(ewa, nobody()))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
  });

  it('every look-up is logged for the back office: who, during which action, the call, its answer, whether it counted — a hash, never the e-mail', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const unknown = nobody();
    await kit.validate(ewa, unknown);
    t.clock.advance(1000);
    await kit.validate(ewa, c.emailAddress);
    t.clock.advance(1000);
    await kit.update(ewa, c);

    const rows = await t.db.selectFrom('mgm_lookups').selectAll().where('user_id', '=', ewa.userId).orderBy('looked_up_at').execute();
    expect(rows.map((r) => [r.call, r.outcome, Number(r.counted), r.action_id])).toEqual([
      ['validate', 'E_CONSUMER_NOT_FOUND', 1, ewa.actionId],
      ['validate', 'E_NO_CONSENTS', 1, ewa.actionId],
      ['update', 'ok', 0, ewa.actionId],
    ]);
    expect(rows[0]!.email_hash).toBe(sha256(`mgm-lookup:${unknown}`));
    expect(JSON.stringify(rows)).not.toContain(c.emailAddress);
  });

  it('a look-up refused by the limit is logged as refused and counts for nothing', async () => {
    const ewa = await kit.promoter();
    for (let i = 0; i < MGM_LOOKUPS_PER_HOUR; i++) await kit.validate(ewa, nobody());
    const refused = nobody();
    expect(errorOf(await kit.validate(ewa, refused))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    const row = await t.db
      .selectFrom('mgm_lookups')
      .selectAll()
      .where('email_hash', '=', sha256(`mgm-lookup:${refused}`))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ call: 'validate', outcome: 'E_TOO_MANY_REQUESTS' });
    expect(Number(row.counted)).toBe(0);
  });

  it('what validate tells before her code: only a token, or a code per §4 status without details; her brand comes with her confirmation', async () => {
    const ewa = await kit.promoter();
    const ok = await kit.consumer({ items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    const res = await kit.validate(ewa, ok.emailAddress);
    expect(res.json().data).toEqual({ uuid: expect.any(String) });
    const outdated = await kit.consumer({ consents: 'outdated', items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    const refused = await kit.validate(ewa, outdated.emailAddress);
    expect(refused.json().data).toEqual({ error: 'E_CONSENTS_OUTDATED' });
    expect((await kit.updateAndConfirm(ewa, outdated)).json().data).toMatchObject({ brand: 'Vuse' });
  });
});
