import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { CODE_MAX_WRONG_TRIES, oneTimeCodeHash } from '../../lib/one-time-codes.ts';
import { errorOf, mgmKit } from '../../test/mgm.ts';
import { MGM_CODE_SENDS_PER_CONSUMER_HOUR, MGM_CODE_SENDS_PER_PROMOTER_CONSUMER_HOUR } from './mgm-consents.service.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 21 item 1 (decision 079): consents a promoter enters through MGM wait for the consumer's own
// confirmation — the code sent by SMS to her number on record — before they count or earn points.

describe.each(testDatabases)('member-get-member: the consumer confirms the consents entered for her (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const kit = mgmKit(() => t);
  const recordsOf = (consumerId: string) =>
    t.db.selectFrom('consent_records').selectAll().where('consumer_id', '=', consumerId).orderBy('field').execute();

  it('consents entered by a promoter are pending: nothing is recorded, her consents stay missing, the invitation earns nothing', async () => {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    expect((await kit.update(piotr, c)).statusCode).toBe(200);

    expect(await recordsOf(c.id)).toEqual([]);
    expect(errorOf(await kit.validate(piotr, c.emailAddress))).toEqual([422, 'E_NO_CONSENTS']);
    expect(errorOf(await kit.invite(piotr, c.emailAddress))).toEqual([422, 'E_NO_CONSENTS']);
    expect((await kit.maybeJoin(piotr)).json().data.ranking).toMatchObject({ balance: 0 });
    // The consumer was sent what she would confirm, and the code.
    const [sms] = await kit.smsTo(c.mobileNumber);
    expect(sms).toMatchObject({ channel: 'sms', subject: 'Potwierdzenie zgód' });
    expect(sms!.body).toMatch(
      /^Zgody marketingowe \(zaproszenie do Inspiration Club\): e-mail – tak, SMS – tak, media społecznościowe – tak, kontakt telefoniczny w sprawie urządzenia – nie\. Jeśli to Twoja decyzja, podaj promotorce kod: [A-Z0-9]{5}\. Kod jest ważny 10 minut\.$/,
    );
  });

  it('her code from the SMS makes them her consent records, pointing at the proof (code, channel, number, sent and confirmed); then the invitation earns 10 points', async () => {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const sentAt = t.clock.now().toISOString();
    await kit.update(piotr, c);
    t.clock.advance(90_000);
    const code = await kit.codeSentTo(c.mobileNumber);
    expect((await kit.confirm(piotr, c.emailAddress, code.toLowerCase())).statusCode).toBe(200);

    const [proof, ...others] = await t.db.selectFrom('mgm_consent_confirmations').selectAll().where('consumer_id', '=', c.id).execute();
    expect(others).toEqual([]);
    expect(proof).toMatchObject({
      user_id: piotr.userId,
      action_id: piotr.actionId,
      channel: 'sms',
      recipient: c.mobileNumber,
      code_hash: oneTimeCodeHash(proof!.id, 'sms', code),
      sent_at: sentAt,
      confirmed_at: t.clock.now().toISOString(),
    });
    const records = await recordsOf(c.id);
    expect(records).toHaveLength(5);
    for (const r of records) expect(r).toMatchObject({ channel: 'mgm', mgm_confirmation_id: proof!.id, recorded_at: proof!.confirmed_at });

    expect((await kit.validate(piotr, c.emailAddress)).statusCode).toBe(200);
    expect((await kit.invite(piotr, c.emailAddress)).json().data).toEqual([expect.objectContaining({ points: 10 })]);
  });

  it('a wrong code is E_MGM_CODE_WRONG; 5 wrong tries lock it even for the right one; an expired code too; a new send replaces the old code', async () => {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    await kit.update(piotr, c);
    const code = await kit.codeSentTo(c.mobileNumber);
    const wrong = code === 'AAAAA' ? 'BBBBB' : 'AAAAA';
    for (let i = 0; i < CODE_MAX_WRONG_TRIES; i++)
      expect(errorOf(await kit.confirm(piotr, c.emailAddress, wrong))).toEqual([422, 'E_MGM_CODE_WRONG']);
    expect(errorOf(await kit.confirm(piotr, c.emailAddress, code))).toEqual([422, 'E_MGM_CODE_WRONG']);

    t.clock.advance(1000);
    await kit.update(piotr, c);
    const second = await kit.codeSentTo(c.mobileNumber);
    t.clock.advance(10 * 60_000);
    expect(errorOf(await kit.confirm(piotr, c.emailAddress, second))).toEqual([422, 'E_MGM_CODE_WRONG']);

    await kit.update(piotr, c);
    const third = await kit.codeSentTo(c.mobileNumber);
    if (third !== second) expect(errorOf(await kit.confirm(piotr, c.emailAddress, second))).toEqual([422, 'E_MGM_CODE_WRONG']);
    expect((await kit.confirm(piotr, c.emailAddress, third)).statusCode).toBe(200);
    expect(await recordsOf(c.id)).toHaveLength(5);
  });

  it("another promoter cannot confirm her request with the consumer's code, and a confirmation without a request is refused", async () => {
    const [piotr, ola] = [await kit.promoter(), await kit.promoter()];
    const c = await kit.consumer({ consents: 'none' });
    await kit.update(piotr, c);
    const code = await kit.codeSentTo(c.mobileNumber);
    expect(errorOf(await kit.confirm(ola, c.emailAddress, code))).toEqual([422, 'E_MGM_CODE_WRONG']);
    expect(await recordsOf(c.id)).toEqual([]);
    expect(errorOf(await kit.confirm(piotr, c.emailAddress, 'ABCDE'.slice(0, 4)))).toEqual([400, 'E_VALIDATION']);
  });

  it('two sends at once leave one request waiting, confirmed by one of the two codes', async () => {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    expect((await Promise.all([kit.update(piotr, c), kit.update(piotr, c)])).map((r) => r.statusCode)).toEqual([200, 200]);
    const pending = await t.db.selectFrom('mgm_consent_confirmations').select('id').where('consumer_id', '=', c.id).execute();
    expect(pending).toHaveLength(1);
    const codes = (await kit.smsTo(c.mobileNumber)).map((m) => /kod: ([A-Z0-9]{5})\./.exec(m.body)![1]!);
    const answers = [];
    for (const code of codes) answers.push((await kit.confirm(piotr, c.emailAddress, code)).statusCode);
    expect(answers.sort()).toEqual([200, 422]);
  });

  it('the same code confirmed twice at once writes her consents once', async () => {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    await kit.update(piotr, c);
    const code = await kit.codeSentTo(c.mobileNumber);
    const answers = await Promise.all([kit.confirm(piotr, c.emailAddress, code), kit.confirm(piotr, c.emailAddress, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await recordsOf(c.id)).toHaveLength(5);
  });

  it('a withdrawal entered by a promoter never overrides a consent the consumer proved in the webform, unless she confirms it', async () => {
    const piotr = await kit.promoter();
    // Anna's webform registration: her newsletter and SMS consents, proven by the webform's codes.
    const c = await kit.consumer();
    await t.db
      .insertInto('consent_records')
      .values({ ...(await recordsOf(c.id))[0]!, id: newId(), field: 'mobileOptIn', mgm_confirmation_id: null })
      .execute();
    // A withdrawal recorded through MGM without her confirmation (as the code before decision 079 wrote them).
    t.clock.advance(1000);
    const unproven = { ...(await recordsOf(c.id))[0]!, id: newId(), decision: 0 as const, channel: 'mgm' as const };
    await t.db
      .insertInto('consent_records')
      .values([
        { ...unproven, recorded_at: t.clock.now().toISOString(), field: 'newsletterCommercialAuthorization' },
        { ...unproven, id: newId(), recorded_at: t.clock.now().toISOString(), field: 'mobileOptIn' },
      ])
      .execute();
    expect((await kit.validate(piotr, c.emailAddress)).statusCode).toBe(200);

    // Piotr enters her SMS consent as withdrawn: nothing changes until she confirms.
    await kit.update(piotr, c, { mobileOptIn: false });
    const mgmRecords = async () => (await recordsOf(c.id)).filter((r) => r.mgm_confirmation_id);
    expect(await mgmRecords()).toEqual([]);
    await kit.confirm(piotr, c.emailAddress, await kit.codeSentTo(c.mobileNumber));
    expect((await mgmRecords()).find((r) => r.field === 'mobileOptIn')).toMatchObject({ decision: 0 });
  });

  it('a confirmed request is a proof: neither the app nor the owner can change or delete it; a pending one is still replaced', async () => {
    const piotr = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    await kit.update(piotr, c);
    await kit.confirm(piotr, c.emailAddress, await kit.codeSentTo(c.mobileNumber));
    const proofOf = () =>
      t.db.selectFrom('mgm_consent_confirmations').selectAll().where('consumer_id', '=', c.id).executeTakeFirstOrThrow();
    const proof = await proofOf();
    const rewrites = [{ recipient: '+48500999999' }, { confirmed_at: null }, { consents: '[]' }, { wrong_tries: 0 }];
    for (const db of [t.db, null]) {
      for (const set of rewrites) {
        const update = (q: typeof t.db) => q.updateTable('mgm_consent_confirmations').set(set).where('id', '=', proof.id).execute();
        await expect(db ? update(db) : t.asOwner(update)).rejects.toThrow(/mgm_consent_confirmations|permission denied/);
      }
      const remove = (q: typeof t.db) => q.deleteFrom('mgm_consent_confirmations').where('id', '=', proof.id).execute();
      await expect(db ? remove(db) : t.asOwner(remove)).rejects.toThrow();
    }
    expect(await proofOf()).toEqual(proof);

    // Her next request for another consumer waits, is replaced by a new send and confirmed as before.
    const d = await kit.consumer({ consents: 'none' });
    await kit.update(piotr, d);
    t.clock.advance(1000);
    await kit.update(piotr, d);
    expect((await kit.confirm(piotr, d.emailAddress, await kit.codeSentTo(d.mobileNumber))).statusCode).toBe(200);
  });

  it("code sends: 3 an hour per promoter and consumer, 10 per consumer from all promoters; one promoter's sends never block another's", async () => {
    const [piotr, ola] = [await kit.promoter(), await kit.promoter()];
    const c = await kit.consumer({ consents: 'none' });
    for (let i = 0; i < MGM_CODE_SENDS_PER_PROMOTER_CONSUMER_HOUR; i++) expect((await kit.update(piotr, c)).statusCode).toBe(200);
    expect(errorOf(await kit.update(piotr, c))).toEqual([429, 'E_OTP_SEND_LIMIT']);
    // Ola, at the same stand, still sends her consumer the code and gets it confirmed.
    expect((await kit.update(ola, c)).statusCode).toBe(200);
    expect((await kit.confirm(ola, c.emailAddress, await kit.codeSentTo(c.mobileNumber))).statusCode).toBe(200);

    const d = await kit.consumer({ consents: 'none' });
    const others = await Promise.all(Array.from({ length: 4 }, () => kit.promoter()));
    let sent = 0;
    for (const p of others) for (let i = 0; i < 3; i++) if ((await kit.update(p, d)).statusCode === 200) sent++;
    expect(sent).toBe(MGM_CODE_SENDS_PER_CONSUMER_HOUR);
    expect(await kit.smsTo(d.mobileNumber)).toHaveLength(MGM_CODE_SENDS_PER_CONSUMER_HOUR);
    t.clock.advance(3_600_000);
    expect((await kit.update(others[0]!, d)).statusCode).toBe(200);
  });
});
