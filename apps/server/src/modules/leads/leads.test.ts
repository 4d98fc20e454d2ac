import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsumerOptions } from '../../test/consumer-builders.ts';
import {
  buildRegistrar,
  errorOf,
  knownConsumer,
  newContact as contact,
  requestCodes,
  sendCodes,
  verify,
  type Codes,
  type Contact,
  type Registrar,
} from '../../test/registrations.ts';
import { raceSame, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { listOutbox } from '../notifier/notifier.ts';
import { OTP_SENDS_PER_CONTACT, OTP_SENDS_PER_PROMOTER_CONTACT, OTP_SENDS_PER_PROMOTER_HOUR } from './otp-send-limits.ts';

describe.each(testDatabases)('consumer registry: /lead/otp and /lead/verify (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const sentCodes = (r: Registrar, c: Contact) => sendCodes(t, r.token, c);
  const check = (r: Registrar, c: Contact, codes: Codes, lead: Record<string, unknown> = {}) => verify(t, r, c, codes, lead);
  const known = (c: Contact, o: ConsumerOptions = {}) => knownConsumer(t, c, o);
  const promoter = () => buildRegistrar(t);
  /** Her action's event as another event's ident. */
  const inEvent = (r: Registrar, eventIdent: string) => ({ ...r, action: { ...r.action, eventIdent } });

  /** A wrong code of the alphabet's shape, never equal to the right one. */
  const wrong = (code: string) => (code === '22222' ? '33333' : '22222');

  it('sends a 5-character code by e-mail and another by SMS, in Polish, and stores neither in clear', async () => {
    const ewa = await promoter();
    const c = contact();
    const codes = await sentCodes(ewa, c);
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
    const codes = await sentCodes(ewa, c);
    const res = await check(ewa, c, codes);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      verification: {
        // The Glo offer (Hyper Pro) is the upgrade of her older Hyper X2, as Glo_Pro says.
        Glo: { assetAvailable: true, singleConsumer: true },
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
    expect(res.body).not.toMatch(/Znany|\+48/);
  });

  it("a consumer is known by her e-mail only: another consumer's number (a family phone) tells nothing of that consumer", async () => {
    const ewa = await promoter();
    const sharing = contact();
    // Her mother registered a Vuse with this number and her own e-mail.
    await known({ ...contact(), mobileNumber: sharing.mobileNumber }, { items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    expect(errorOf(await check(ewa, sharing, await sentCodes(ewa, sharing)))).toEqual([404, 'error_m2_not_found_in_salesforce']);

    // Her e-mail is known (a Glo), and the number is also someone else's (a Vuse): her own checks, one consumer.
    const both = contact();
    await known({ ...contact(), emailAddress: both.emailAddress }, { items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper Pro' }] });
    await known({ ...contact(), mobileNumber: both.mobileNumber }, { items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    const res = await check(ewa, both, await sentCodes(ewa, both));
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { verification: Record<string, { assetAvailable?: boolean; singleConsumer: boolean }> };
    expect([data.verification.Glo, data.verification.Vuse]).toEqual([
      { assetAvailable: false, singleConsumer: true },
      { assetAvailable: true, singleConsumer: true },
    ]);
    expect(Object.values(data.verification).every((g) => g.singleConsumer)).toBe(true);
    // A Hyper Pro already: nothing to move up to.
    expect(res.json().data.Glo_Pro).toBe(false);
  });

  it('an unknown consumer with the right codes is error_m2_not_found_in_salesforce, and the codes stay usable', async () => {
    const ewa = await promoter();
    const c = contact();
    const codes = await sentCodes(ewa, c);
    expect(errorOf(await check(ewa, c, codes))).toEqual([404, 'error_m2_not_found_in_salesforce']);
    // A verification does not consume the codes (spec §5: the first registration attempt does).
    expect(errorOf(await check(ewa, c, codes))).toEqual([404, 'error_m2_not_found_in_salesforce']);
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
    const codes = await sentCodes(ewa, c);
    expect(errorOf(await check(ewa, c, { ...codes, sms: wrong(codes.sms) }))).toEqual([422, 'error_wrong_otp']);
    expect(errorOf(await check(ewa, c, { ...codes, email: wrong(codes.email) }))).toEqual([422, 'error_wrong_otp_email']);
    expect(errorOf(await check(ewa, c, { sms: wrong(codes.sms), email: wrong(codes.email) }))).toEqual([422, 'error_wrong_otp']);
    // Typed in lower case, the codes are still right.
    expect((await check(ewa, c, { sms: codes.sms.toLowerCase(), email: codes.email.toLowerCase() })).statusCode).toBe(200);
  });

  it('codes expire after 10 minutes: the same error codes', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa, c);
    t.clock.advance(10 * 60_000 - 1000);
    expect((await check(ewa, c, codes)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(errorOf(await check(ewa, c, codes))).toEqual([422, 'error_wrong_otp']);
  });

  it('after 5 wrong tries of a code even the right one is refused, until a new send', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa, c);
    for (let i = 0; i < 5; i++)
      expect(errorOf(await check(ewa, c, { ...codes, email: wrong(codes.email) }))).toEqual([422, 'error_wrong_otp_email']);
    expect(errorOf(await check(ewa, c, codes))).toEqual([422, 'error_wrong_otp_email']);
    // The SMS code's tries are its own: right ones never count.
    const row = await t.db
      .selectFrom('lead_otps')
      .select(['sms_wrong_tries', 'email_wrong_tries'])
      .where('user_id', '=', ewa.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sms_wrong_tries: 0, email_wrong_tries: 5 });

    const fresh = await sentCodes(ewa, c);
    expect(errorOf(await check(ewa, c, codes))).toEqual([422, 'error_wrong_otp']);
    expect((await check(ewa, c, fresh)).statusCode).toBe(200);
  });

  it('parallel wrong guesses cannot pass the 5 tries', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa, c);
    await Promise.all(Array.from({ length: 12 }, () => check(ewa, c, { ...codes, sms: wrong(codes.sms) })));
    expect(errorOf(await check(ewa, c, codes))).toEqual([422, 'error_wrong_otp']);
  });

  const HOUR = 60 * 60_000;
  const sendsOk = async (r: Registrar, c: Contact, times: number) => {
    for (let i = 0; i < times; i++) expect((await requestCodes(t, r.token, c)).statusCode).toBe(200);
  };
  const refused = async (r: Registrar, c: Pick<Contact, 'emailAddress' | 'mobileNumber'>) =>
    expect(errorOf(await requestCodes(t, r.token, c))).toEqual([429, 'E_OTP_SEND_LIMIT']);

  it('one promoter sends at most 3 codes an hour to an e-mail, and to a number; the next hour she may send again', async () => {
    expect(OTP_SENDS_PER_PROMOTER_CONTACT.hour).toBe(3);
    const ewa = await promoter();
    const c = contact();
    await sendsOk(ewa, c, 3);
    await refused(ewa, c);
    // The same e-mail with another number, and the same number with another e-mail: both used up, for her.
    await refused(ewa, { ...contact(), emailAddress: c.emailAddress.toUpperCase() });
    await refused(ewa, { ...contact(), mobileNumber: c.mobileNumber });
    // A refused send sent nothing.
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.mobileNumber)).toHaveLength(3);

    t.clock.advance(HOUR);
    const codes = await sentCodes(ewa, c);
    await known(c);
    expect((await check(ewa, c, codes)).statusCode).toBe(200);
  });

  it("Piotr's three sends for the same e-mail and number neither cancel Anna's pending codes nor block her", async () => {
    const anna = await promoter();
    const piotr = await promoter();
    const c = contact();
    await known(c);
    const annas = await sentCodes(anna, c);
    await sendsOk(piotr, c, OTP_SENDS_PER_PROMOTER_CONTACT.hour);
    const piotrs = await sentCodes(piotr, c).catch(() => null);
    expect(piotrs).toBeNull(); // his fourth is refused: his own allowance, not hers

    expect((await check(anna, c, annas)).statusCode).toBe(200);
    // She may still send (her own codes replace only her own), and verify with the new ones.
    const annasNew = await sentCodes(anna, c);
    expect((await check(anna, c, annasNew)).statusCode).toBe(200);
    // Each verifies with her own codes only.
    expect(errorOf(await check(piotr, c, annasNew))).toEqual([422, 'error_wrong_otp']);
    const rows = await t.db.selectFrom('lead_otps').select('user_id').where('user_id', 'in', [anna.userId, piotr.userId]).execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([anna.userId, piotr.userId].sort());
  });

  it(`all promoters together send at most ${OTP_SENDS_PER_CONTACT.hour} codes an hour and ${OTP_SENDS_PER_CONTACT.day} a day to a contact; one promoter never uses that up`, async () => {
    const [a, b, c3, d] = [await promoter(), await promoter(), await promoter(), await promoter()];
    const c = contact();
    for (let hour = 0; hour < 2; hour++) {
      for (const r of [a, b, c3]) await sendsOk(r, c, 3);
      await sendsOk(d, c, 1);
      // The contact's tenth send of the hour was the last, whoever asks.
      await refused(d, c);
      await refused(d, { ...contact(), mobileNumber: c.mobileNumber });
      t.clock.advance(HOUR);
    }
    // 20 today: no one may send more until the day's window ends, though each promoter has sends left.
    await refused(d, c);
    await refused(await promoter(), { ...contact(), emailAddress: c.emailAddress });
    t.clock.advance(22 * HOUR);
    await sendsOk(d, c, 1);
  });

  it(`one promoter sends at most ${OTP_SENDS_PER_PROMOTER_CONTACT.day} codes a day to a contact, so she alone never blocks it`, async () => {
    const ewa = await promoter();
    const ola = await promoter();
    const c = contact();
    await sendsOk(ewa, c, 3);
    t.clock.advance(HOUR);
    await sendsOk(ewa, c, 3);
    t.clock.advance(HOUR);
    await refused(ewa, c);
    await sendsOk(ola, c, 3);
    t.clock.advance(22 * HOUR);
    await sendsOk(ewa, c, 1);
  });

  it(`at most ${OTP_SENDS_PER_PROMOTER_HOUR} sends an hour per promoter, whatever the contacts; a refused send counts for nothing`, async () => {
    const ewa = await promoter();
    for (let i = 0; i < OTP_SENDS_PER_PROMOTER_HOUR; i++) expect((await requestCodes(t, ewa.token, contact())).statusCode).toBe(200);
    const c = contact();
    expect(errorOf(await requestCodes(t, ewa.token, c))).toEqual([429, 'E_OTP_SEND_LIMIT']);
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.emailAddress || m.recipient === c.mobileNumber)).toEqual([]);
    // Her refused send took none of the consumer's 3: another promoter sends her codes 3 times.
    const ola = await promoter();
    for (let i = 0; i < 3; i++) expect((await requestCodes(t, ola.token, c)).statusCode).toBe(200);
    // The next hour she may send again.
    t.clock.advance(60 * 60_000);
    expect((await requestCodes(t, ewa.token, contact())).statusCode).toBe(200);
  });

  it('a new send replaces the codes of that e-mail and number', async () => {
    const ewa = await promoter();
    const c = contact();
    await known(c);
    const first = await sentCodes(ewa, c);
    const second = await sentCodes(ewa, c);
    if (first.sms !== second.sms) expect(errorOf(await check(ewa, c, { ...second, sms: first.sms }))).toEqual([422, 'error_wrong_otp']);
    expect((await check(ewa, c, second)).statusCode).toBe(200);
    expect(await t.db.selectFrom('lead_otps').select('id').where('user_id', '=', ewa.userId).execute()).toHaveLength(1);
  });

  it('codes sent at once for one consumer: her hourly 3 hold, the rest are refused, one pair of codes is kept', async () => {
    const ewa = await promoter();
    const c = contact();
    const answers = await raceSame(8, () => requestCodes(t, ewa.token, c));
    expect(serverErrors(answers)).toEqual([]);
    expect(sortedLabels(answers)).toEqual([...Array(3).fill('200'), ...Array(5).fill('429 E_OTP_SEND_LIMIT')]);
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.mobileNumber)).toHaveLength(3);
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
    expect(errorOf(await check(ewa, c, { sms: '2222', email: '22222' }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await check(ewa, c, codes, { mobileNumberNoPrefix: '111222333' }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await check(ewa, c, codes, { eventIdent: '' }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await post(t.app, '/lead/verify', {}, ewa.token))).toEqual([400, 'E_VALIDATION']);
  });

  it("a number the form would refuse (+48 not 9 digits, too short, no catalogue prefix) is 400 with the form's message, and nothing is sent", async () => {
    const ewa = await promoter();
    const c = contact();
    for (const [mobileNumber, message] of [
      ['+4812345', 'Numer telefonu musi mieć dokładnie 9 cyfr.'],
      [`${c.mobileNumber}1`, 'Numer telefonu musi mieć dokładnie 9 cyfr.'],
      ['+44123456', null], // +44 and 123456: fine
      ['+380123', 'Numer telefonu jest zbyt krótki.'],
      ['+99600100200', 'To pole jest wymagane.'],
    ] as const) {
      const res = await requestCodes(t, ewa.token, { ...c, mobileNumber });
      if (message === null) expect(res.statusCode).toBe(200);
      else expect([...errorOf(res), res.json().data.details]).toEqual([400, 'E_VALIDATION', [{ path: 'body.lead.mobileNumber', message }]]);
    }
    expect((await listOutbox(t.db, 500)).filter((m) => m.recipient === c.emailAddress)).toHaveLength(1);
    // Refused numbers counted no send: her three of the hour for this e-mail are still two.
    await sendsOk(ewa, c, 2);
  });

  it('without a session both calls are 401', async () => {
    const c = contact();
    expect(errorOf(await requestCodes(t, undefined, c))).toEqual([401, 'E_UNAUTHORIZED']);
    expect(errorOf(await post(t.app, '/lead/verify', { lead: {} }))).toEqual([401, 'E_UNAUTHORIZED']);
  });

  it("verifying in another promoter's event is 404 E_EVENT_NOT_FOUND, and her codes are not another promoter's", async () => {
    const ewa = await promoter();
    const ola = await promoter();
    const c = contact();
    await known(c);
    const codes = await sentCodes(ewa, c);
    expect(errorOf(await check(inEvent(ewa, ola.action.eventIdent), c, codes))).toEqual([404, 'E_EVENT_NOT_FOUND']);
    expect(errorOf(await check(inEvent(ewa, 'EV-NIE-MA'), c, codes))).toEqual([404, 'E_EVENT_NOT_FOUND']);
    // Ola, in her own event, cannot use the codes Ewa asked for.
    expect(errorOf(await check(ola, c, codes))).toEqual([422, 'error_wrong_otp']);
    expect((await check(ewa, c, codes)).statusCode).toBe(200);
  });
});
