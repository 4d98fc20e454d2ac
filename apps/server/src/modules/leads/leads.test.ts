import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConsumer, type ConsumerSeed } from '../../db/seed/consumer-seed.ts';
import { buildAction, buildEvent, buildSignedInPromoter } from '../../test/builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { listOutbox } from '../notifier/notifier.ts';

describe.each(testDatabases)('consumer registry: /lead/otp and /lead/verify (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  type Res = { statusCode: number; json: () => { data: { error?: string } & Record<string, unknown> } };
  const errorOf = (res: Res) => [res.statusCode, res.json().data.error];

  /** A consumer's contact never used by another test. */
  const contact = () => {
    const digits = String(parseInt(randomBytes(4).toString('hex'), 16) % 1_000_000_000).padStart(9, '5');
    return { emailAddress: `konsument-${randomBytes(4).toString('hex')}@test.pl`, numberNoPrefix: digits, mobileNumber: `+48${digits}` };
  };
  type Contact = ReturnType<typeof contact>;

  /** A promoter with an action in an event of its own; eventIdent is what the webform sends. */
  async function promoter() {
    const p = await buildSignedInPromoter(t);
    const eventId = await buildEvent(t);
    await buildAction(t, p, { eventId, status: 'started' });
    const { ident } = await t.db.selectFrom('events').select('ident').where('id', '=', eventId).executeTakeFirstOrThrow();
    return { ...p, eventIdent: ident };
  }

  const sendCodes = (token: string | undefined, c: Contact) =>
    post(
      t.app,
      '/lead/otp',
      { lead: { process: 'TOURPLANNER', emailAddress: c.emailAddress, mobileNumber: c.mobileNumber, consent: { inspirationClub: true } } },
      token,
    );

  /** The newest code the outbox holds for this recipient, read from the message's text. */
  async function codeSentTo(recipient: string) {
    const message = (await listOutbox(t.db, 500)).find((m) => m.recipient === recipient);
    expect(message, `a message to ${recipient}`).toBeDefined();
    return /kod weryfikacyjny: ([A-Z0-9]{5})\./.exec(message!.body)![1]!;
  }

  async function sentCodes(token: string, c: Contact) {
    expect((await sendCodes(token, c)).statusCode).toBe(200);
    return { sms: await codeSentTo(c.mobileNumber), email: await codeSentTo(c.emailAddress) };
  }

  const verify = (
    p: { token: string; eventIdent: string },
    c: Contact,
    codes: { sms: string; email: string },
    lead: Record<string, unknown> = {},
  ) =>
    post(
      t.app,
      '/lead/verify',
      {
        lead: {
          process: 'TOURPLANNER',
          emailAddress: c.emailAddress,
          otpEmail: codes.email,
          mobileNumber: c.mobileNumber,
          mobileNumberNoPrefix: c.numberNoPrefix,
          otp: codes.sms,
          eventIdent: p.eventIdent,
          phoneVerified: true,
          consent: { inspirationClub: true },
          ...lead,
        },
      },
      p.token,
      { 'sf-bypassed': 'true' },
    );

  /** A wrong code of the alphabet's shape, never equal to the right one. */
  const wrong = (code: string) => (code === '22222' ? '33333' : '22222');

  const known = (c: Contact, o: Partial<ConsumerSeed> = {}) =>
    insertConsumer(
      t.db,
      { emailAddress: c.emailAddress, mobileNumber: c.mobileNumber, firstName: 'Jan', lastName: 'Konsument', ...o },
      t.clock.now(),
    );

  it('sends a 5-character code by e-mail and another by SMS, in Polish, and stores neither in clear', async () => {
    const ewa = await promoter();
    const c = contact();
    const codes = await sentCodes(ewa.token, c);
    const messages = (await listOutbox(t.db, 500)).filter((m) => m.recipient === c.emailAddress || m.recipient === c.mobileNumber);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.body).toBe(`Twój kod weryfikacyjny: ${codes.sms}. Kod jest ważny 10 minut.`);
    expect(messages.find((m) => m.channel === 'email')!.subject).toBe('Kod weryfikacyjny');
    expect(codes.sms).toMatch(/^[A-Z0-9]{5}$/);

    const rows = await t.db.selectFrom('lead_otps').selectAll().where('user_id', '=', ewa.userId).execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    for (const secret of [codes.sms, codes.email, c.emailAddress, c.numberNoPrefix]) expect(stored).not.toContain(secret);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(10 * 60_000);
  });

  it('a known consumer verified with both codes gets the per-offer checks, Glo_Pro and sfVerificationBypassed', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c, {
      clubMember: true,
      items: [
        { kind: 'asset', brand: 'Glo', model: 'Hyper X2' },
        { kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' },
      ],
    });
    const codes = await sentCodes(ewa.token, c);
    const res = await verify(ewa, c, codes);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      verification: {
        Glo: { assetAvailable: false, singleConsumer: true },
        Vuse: { assetAvailable: true, singleConsumer: true },
        Vype: { assetAvailable: true, singleConsumer: true },
        Neo: { productAvailable: true, singleConsumer: true },
        Velo: { productAvailable: false, singleConsumer: true },
        Epok: { productAvailable: true, singleConsumer: true },
        InspirationClub: { notMember: false, singleConsumer: true },
      },
      Glo_Pro: true,
      sfVerificationBypassed: false,
    });
    // The answer names no personal data of hers.
    expect(res.body).not.toMatch(/Konsument|\+48/);
  });

  it('a consumer found by her number under another e-mail is known; one whose e-mail and number are two people gets nothing', async () => {
    const ewa = await promoter();
    const byNumber = contact();
    await known({ ...contact(), mobileNumber: byNumber.mobileNumber }, { items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    const res = await verify(ewa, byNumber, await sentCodes(ewa.token, byNumber));
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { verification: Record<string, Record<string, boolean>>; Glo_Pro: boolean };
    expect([data.verification.Vuse, data.verification.Vype, data.verification.Glo]).toEqual([
      { assetAvailable: false, singleConsumer: true },
      { assetAvailable: false, singleConsumer: true },
      { assetAvailable: true, singleConsumer: true },
    ]);
    expect(data.Glo_Pro).toBe(false);

    const two = contact();
    await known({ ...contact(), emailAddress: two.emailAddress });
    await known({ ...contact(), mobileNumber: two.mobileNumber });
    const split = (await verify(ewa, two, await sentCodes(ewa.token, two))).json().data as {
      verification: Record<string, { singleConsumer: boolean }>;
    };
    expect(Object.values(split.verification).map((g) => g.singleConsumer)).toEqual(Array(7).fill(false));
  });

  it('an unknown consumer with the right codes is error_m2_not_found_in_salesforce, and the codes stay usable', async () => {
    const ewa = await promoter();
    const c = contact();
    const codes = await sentCodes(ewa.token, c);
    expect(errorOf(await verify(ewa, c, codes))).toEqual([404, 'error_m2_not_found_in_salesforce']);
    // A verification does not consume the codes (spec §5: the first registration attempt does).
    expect(errorOf(await verify(ewa, c, codes))).toEqual([404, 'error_m2_not_found_in_salesforce']);
    const row = await t.db
      .selectFrom('lead_otps')
      .select(['consumed_at', 'sms_wrong_tries', 'email_wrong_tries'])
      .where('user_id', '=', ewa.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ consumed_at: null, sms_wrong_tries: 0, email_wrong_tries: 0 });
  });

  it('a wrong SMS code is error_wrong_otp, a wrong e-mail code error_wrong_otp_email, both wrong the SMS one first', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa.token, c);
    expect(errorOf(await verify(ewa, c, { ...codes, sms: wrong(codes.sms) }))).toEqual([422, 'error_wrong_otp']);
    expect(errorOf(await verify(ewa, c, { ...codes, email: wrong(codes.email) }))).toEqual([422, 'error_wrong_otp_email']);
    expect(errorOf(await verify(ewa, c, { sms: wrong(codes.sms), email: wrong(codes.email) }))).toEqual([422, 'error_wrong_otp']);
    // Typed in lower case, the codes are still right.
    expect((await verify(ewa, c, { sms: codes.sms.toLowerCase(), email: codes.email.toLowerCase() })).statusCode).toBe(200);
  });

  it('codes expire after 10 minutes: the same error codes', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa.token, c);
    t.clock.advance(10 * 60_000 - 1000);
    expect((await verify(ewa, c, codes)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(errorOf(await verify(ewa, c, codes))).toEqual([422, 'error_wrong_otp']);
  });

  it('after 5 wrong tries of a code even the right one is refused, until a new send', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa.token, c);
    for (let i = 0; i < 5; i++)
      expect(errorOf(await verify(ewa, c, { ...codes, email: wrong(codes.email) }))).toEqual([422, 'error_wrong_otp_email']);
    expect(errorOf(await verify(ewa, c, codes))).toEqual([422, 'error_wrong_otp_email']);
    // The SMS code's tries are its own: right ones never count.
    const row = await t.db
      .selectFrom('lead_otps')
      .select(['sms_wrong_tries', 'email_wrong_tries'])
      .where('user_id', '=', ewa.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sms_wrong_tries: 0, email_wrong_tries: 5 });

    const fresh = await sentCodes(ewa.token, c);
    expect(errorOf(await verify(ewa, c, codes))).toEqual([422, 'error_wrong_otp']);
    expect((await verify(ewa, c, fresh)).statusCode).toBe(200);
  });

  it('parallel wrong guesses cannot pass the 5 tries', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa.token, c);
    await Promise.all(Array.from({ length: 12 }, () => verify(ewa, c, { ...codes, sms: wrong(codes.sms) })));
    expect(errorOf(await verify(ewa, c, codes))).toEqual([422, 'error_wrong_otp']);
  });

  it('at most 3 sends an hour per e-mail and per number; the next hour may send again', async () => {
    const ewa = await promoter();
    const c = contact();
    for (let i = 0; i < 3; i++) expect((await sendCodes(ewa.token, c)).statusCode).toBe(200);
    expect(errorOf(await sendCodes(ewa.token, c))).toEqual([429, 'E_OTP_SEND_LIMIT']);
    // The same e-mail with another number, and the same number with another e-mail: both used up.
    expect(errorOf(await sendCodes(ewa.token, { ...contact(), emailAddress: c.emailAddress.toUpperCase() }))).toEqual([
      429,
      'E_OTP_SEND_LIMIT',
    ]);
    expect(errorOf(await sendCodes(ewa.token, { ...contact(), mobileNumber: c.mobileNumber }))).toEqual([429, 'E_OTP_SEND_LIMIT']);
    // A refused send sent nothing.
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.mobileNumber)).toHaveLength(3);

    t.clock.advance(60 * 60_000);
    const codes = await sentCodes(ewa.token, c);
    await known(c);
    expect((await verify(ewa, c, codes)).statusCode).toBe(200);
  });

  it('a new send replaces the codes of that e-mail and number', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const first = await sentCodes(ewa.token, c);
    const second = await sentCodes(ewa.token, c);
    if (first.sms !== second.sms) expect(errorOf(await verify(ewa, c, { ...second, sms: first.sms }))).toEqual([422, 'error_wrong_otp']);
    expect((await verify(ewa, c, second)).statusCode).toBe(200);
    expect(await t.db.selectFrom('lead_otps').select('id').where('user_id', '=', ewa.userId).execute()).toHaveLength(1);
  });

  it('a repeated Idempotency-Key (an outbox retry) replays the answer and sends no new codes', async () => {
    const ewa = await promoter();
    const c = contact();
    const body = { lead: { process: 'TOURPLANNER', emailAddress: c.emailAddress, mobileNumber: c.mobileNumber } };
    const key = { 'idempotency-key': `otp-${randomBytes(6).toString('hex')}` };
    expect((await post(t.app, '/lead/otp', body, ewa.token, key)).statusCode).toBe(200);
    const again = await post(t.app, '/lead/otp', body, ewa.token, key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.mobileNumber)).toHaveLength(1);
  });

  it('bad bodies are 400 E_VALIDATION and send nothing', async () => {
    const ewa = await promoter();
    const c = contact();
    const otpLead = { process: 'TOURPLANNER', emailAddress: c.emailAddress, mobileNumber: c.mobileNumber };
    for (const lead of [
      { ...otpLead, emailAddress: 'to-nie-email' },
      { ...otpLead, mobileNumber: '600123456' },
      { ...otpLead, process: 'INNY' },
      { emailAddress: c.emailAddress },
    ]) {
      expect(errorOf(await post(t.app, '/lead/otp', { lead }, ewa.token))).toEqual([400, 'E_VALIDATION']);
    }
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.emailAddress)).toHaveLength(0);

    const codes = { sms: '22222', email: '22222' };
    expect(errorOf(await verify(ewa, c, { sms: '2222', email: '22222' }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await verify(ewa, c, codes, { mobileNumberNoPrefix: '111222333' }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await verify(ewa, c, codes, { eventIdent: '' }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await post(t.app, '/lead/verify', {}, ewa.token))).toEqual([400, 'E_VALIDATION']);
  });

  it('without a session both calls are 401', async () => {
    const c = contact();
    expect(errorOf(await sendCodes(undefined, c))).toEqual([401, 'E_UNAUTHORIZED']);
    expect(errorOf(await post(t.app, '/lead/verify', { lead: {} }))).toEqual([401, 'E_UNAUTHORIZED']);
  });

  it("verifying in another promoter's event is 404 E_EVENT_NOT_FOUND, and her codes are not another promoter's", async () => {
    const ewa = await promoter();
    const ola = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa.token, c);
    expect(errorOf(await verify({ token: ewa.token, eventIdent: ola.eventIdent }, c, codes))).toEqual([404, 'E_EVENT_NOT_FOUND']);
    expect(errorOf(await verify({ token: ewa.token, eventIdent: 'EV-NIE-MA' }, c, codes))).toEqual([404, 'E_EVENT_NOT_FOUND']);
    // Ola, in her own event, cannot use the codes Ewa asked for.
    expect(errorOf(await verify(ola, c, codes))).toEqual([422, 'error_wrong_otp']);
    expect((await verify(ewa, c, codes)).statusCode).toBe(200);
  });
});
