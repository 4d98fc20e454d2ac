import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { buildAction, wallDay } from '../../test/builders.ts';
import {
  buildRegistrar,
  errorOf,
  gloOffer,
  gloSerials,
  newContact,
  register,
  registrationBody,
  sendCodes,
  startRegistrationApp,
  verify,
  type Contact,
  type Registrar,
  type RegistrationOptions,
  leadItemsOf,
} from '../../test/registrations.ts';
import { post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { OTP_MAX_WRONG_TRIES } from './leads.service.ts';

describe.each(testDatabases)('/lead/register: the registration and its checks (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  /** A registrar, a new consumer's contact, and codes sent to it. */
  async function ready(o: Parameters<typeof buildRegistrar>[1] = {}) {
    const r = await buildRegistrar(t, o);
    const c = newContact();
    return { r, c, codes: await sendCodes(t, r.token, c) };
  }
  const body = (r: Registrar, c: Contact, o: RegistrationOptions) => registrationBody(t, r, c, cat, o);
  const stats = async (r: Registrar) => {
    const res = await post(
      t.app,
      '/sample/stats',
      { sample: { hostessCode: r.ident, currentAction: r.action.uuid, lastAction: null } },
      r.token,
    );
    expect(res.statusCode).toBe(200);
    return res.json().data as Record<'currentAction' | 'currentMonth', { brand: string; model: string; count: number }[]>;
  };
  const leadsOf = (r: Registrar) => t.db.selectFrom('leads').selectAll().where('user_id', '=', r.userId).execute();

  it('a new consumer with a Glo (serial), Velo and the club is registered once: lead id and bc, and /sample/stats counts both', async () => {
    const { r, c, codes } = await ready();
    const [serial] = await gloSerials(t);
    const offers = { Glo: gloOffer(serial!.toLowerCase()), Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true };
    const res = await register(t, r.token, body(r, c, { codes, offers }));
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.bc).toMatch(/^BC-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(meta.ts).toEqual(expect.any(String));
    expect(data).toEqual({ lead: { id: expect.any(String) } });

    const [lead] = await leadsOf(r);
    expect(lead).toMatchObject({
      id: data.lead.id,
      bc: meta.bc,
      action_id: r.action.uuid,
      action_point_id: r.action.points[0]!.uuid,
      is_test: 0,
    });
    expect(lead!.hostess_code).toBe(r.ident);
    expect(lead!.wall_time.slice(0, 10)).toBe(wallDay(t));
    const items = await leadItemsOf(t, lead!.id, ['brand', 'model', 'serial_number', 'sku']);
    expect(items).toEqual([
      { brand: 'Glo', model: 'Hyper Pro', serial_number: serial, sku: 'GLOPRO1' },
      { brand: 'Velo', model: 'Velo Freeze', serial_number: null, sku: 'VELOFRZ10' },
    ]);

    const consumer = await t.db.selectFrom('consumers').selectAll().where('email_address', '=', c.emailAddress).executeTakeFirstOrThrow();
    expect(consumer).toMatchObject({ first_name: 'Janina', postal_code: '02-495', category: 'Heated Products', secondary_brand: 'GLO' });
    expect(consumer.inspiration_club_since).not.toBeNull();
    const device = await t.db.selectFrom('glo_devices').selectAll().where('serial_number', '=', serial!).executeTakeFirstOrThrow();
    expect(device).toMatchObject({ status: 'registered', consumer_id: consumer.id, burnt_at: null });

    const counted = [
      { brand: 'Glo', model: 'Hyper Pro', count: 1 },
      { brand: 'Velo', model: 'Velo Freeze', count: 1 },
    ];
    const s = await stats(r);
    expect(s.currentAction).toEqual(counted);
    expect(s.currentMonth).toEqual(counted);
    // The answer names none of her data.
    expect(res.body).not.toMatch(/Janina|Konsumencka|konsument-|\+48/);
  });

  it('a Vuse Go beside a Glo is named with the phone timestamp; Veo samples and a Neo are stored but never counted', async () => {
    const { r, c, codes } = await ready();
    const offers = {
      Glo: {
        model: 'Hyper Pro',
        color: 'Biały',
        assetSource: 'GLO + 2 paczki veo / POP',
        samplingOne: 'VEOARC20',
        samplingTwo: 'VEOSCA20',
      },
      Vuse: { model: 'Vuse Go', color: 'Mango Ice', assetSource: 'Vuse Go solo / POP' },
    };
    // Registered two seconds after the phone named the device.
    const sent = body(r, c, { codes, offers, timestamp: t.clock.now().getTime() - 2000 });
    expect(sent.lead.assetItems[1]!.deviceName).toMatch(/^Vuse Go Mango Ice \d+$/);
    expect((await register(t, r.token, sent)).statusCode).toBe(200);

    const neo = await ready();
    const res = await register(
      t,
      neo.r.token,
      body(neo.r, neo.c, { codes: neo.codes, offers: { Neo: { neoOffers: '1' }, Velo: { sampling: 'VELOICE10' } } }),
    );
    expect(res.statusCode).toBe(200);
    const brands = await leadItemsOf(t, res.json().data.lead.id, ['brand', 'model']);
    expect(brands).toEqual([
      { brand: 'Velo', model: 'Velo Ice Cool' },
      { brand: 'Neo', model: 'Próbka neo: 2 paczki' },
    ]);
    expect((await stats(r)).currentAction).toEqual([
      { brand: 'Glo', model: 'Hyper Pro', count: 1 },
      { brand: 'Vuse', model: 'Vuse Go', count: 1 },
    ]);
    expect((await stats(neo.r)).currentAction).toEqual([{ brand: 'Velo', model: 'Velo Ice Cool', count: 1 }]);
  });

  it('a known consumer is updated with the form, not registered twice', async () => {
    const { r, c, codes } = await ready();
    expect((await register(t, r.token, body(r, c, { codes, offers: { Velo: { sampling: 'VELOFRZ10' } } }))).statusCode).toBe(200);
    const again = await sendCodes(t, r.token, c);
    const res = await register(
      t,
      r.token,
      body(r, c, { codes: again, offers: { Glo: gloOffer() }, lead: { lastName: 'Nowakowska', billingPostalCode: '30-001' } }),
    );
    expect(res.statusCode).toBe(200);
    const consumers = await t.db
      .selectFrom('consumers')
      .select(['last_name', 'postal_code'])
      .where('email_address', '=', c.emailAddress)
      .execute();
    expect(consumers).toEqual([{ last_name: 'Nowakowska', postal_code: '30-001' }]);
  });

  it('an Idempotency-Key repeated (a retry after a lost answer) replays the answer and registers once', async () => {
    const { r, c, codes } = await ready();
    const sent = body(r, c, { codes, offers: { Glo: gloOffer() } });
    const key = { 'idempotency-key': `reg-${randomBytes(6).toString('hex')}` };
    const first = await register(t, r.token, sent, key);
    const second = await register(t, r.token, sent, key);
    expect(first.statusCode).toBe(200);
    expect([second.statusCode, second.headers['idempotent-replayed'], second.body]).toEqual([200, 'true', first.body]);
    expect(await leadsOf(r)).toHaveLength(1);
    expect(await t.db.selectFrom('consumers').select('id').where('email_address', '=', c.emailAddress).execute()).toHaveLength(1);
  });

  it('the codes are used up by the first attempt, even one refused: the next attempt with them is error_wrong_otp', async () => {
    const { r, c, codes } = await ready();
    const refused = await register(t, r.token, body(r, c, { codes, offers: { Glo: gloOffer() }, lead: { birthDate: '2015-01-01' } }));
    expect(errorOf(refused)).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await register(t, r.token, body(r, c, { codes, offers: { Glo: gloOffer() } })))).toEqual([422, 'error_wrong_otp']);
    // New codes register.
    const fresh = await sendCodes(t, r.token, c);
    expect((await register(t, r.token, body(r, c, { codes: fresh, offers: { Glo: gloOffer() } }))).statusCode).toBe(200);
    expect(errorOf(await register(t, r.token, body(r, c, { codes: fresh, offers: { Glo: gloOffer() } })))).toEqual([
      422,
      'error_wrong_otp',
    ]);
  });

  it('a body of the wrong shape does not use the codes up', async () => {
    const { r, c, codes } = await ready();
    const sent = body(r, c, { codes, offers: { Glo: gloOffer() } });
    const broken = { ...sent, lead: { ...sent.lead, formIdent: 'inny-formularz' } };
    expect(errorOf(await register(t, r.token, broken))).toEqual([400, 'E_VALIDATION']);
    expect((await register(t, r.token, sent)).statusCode).toBe(200);
  });

  it('a wrong SMS code is error_wrong_otp, a wrong e-mail code error_wrong_otp_email, empty codes error_wrong_otp; nothing stored', async () => {
    const wrong = (code: string) => (code === '22222' ? '33333' : '22222');
    for (const [bad, code] of [
      [(k: { sms: string; email: string }) => ({ ...k, sms: wrong(k.sms) }), 'error_wrong_otp'],
      [(k: { sms: string; email: string }) => ({ ...k, email: wrong(k.email) }), 'error_wrong_otp_email'],
      [() => ({ sms: '', email: '' }), 'error_wrong_otp'],
    ] as const) {
      const { r, c, codes } = await ready();
      expect(errorOf(await register(t, r.token, body(r, c, { codes: bad(codes), offers: { Glo: gloOffer() } })))).toEqual([422, code]);
      expect(await leadsOf(r)).toEqual([]);
    }
    // Codes nobody sent to this contact.
    const { r } = await ready();
    expect(
      errorOf(await register(t, r.token, body(r, newContact(), { codes: { sms: 'ABCDE', email: 'ABCDE' }, offers: { Glo: gloOffer() } }))),
    ).toEqual([422, 'error_wrong_otp']);
  });

  it('codes sent more than 10 minutes ago are error_wrong_otp', async () => {
    const { r, c, codes } = await ready();
    t.clock.advance(10 * 60_000);
    expect(errorOf(await register(t, r.token, body(r, c, { codes, offers: { Glo: gloOffer() } })))).toEqual([422, 'error_wrong_otp']);
  });

  it('codes locked by wrong tries at /lead/verify stay locked at /lead/register, the right ones too', async () => {
    const { r, c, codes } = await ready();
    const wrong = codes.sms === '22222' ? '33333' : '22222';
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++)
      expect(errorOf(await verify(t, r, c, { ...codes, sms: wrong }))).toEqual([422, 'error_wrong_otp']);

    expect(errorOf(await register(t, r.token, body(r, c, { codes, offers: { Glo: gloOffer() } })))).toEqual([422, 'error_wrong_otp']);
    expect(await leadsOf(r)).toEqual([]);
  });

  /** One attempt by a new consumer (fresh codes: 3 sends an hour per contact), the body edited before it goes. */
  async function attempt(r: Registrar, o: Partial<RegistrationOptions> = {}, edit: (b: ReturnType<typeof body>) => void = () => {}) {
    const c = newContact();
    const sent = body(r, c, { codes: await sendCodes(t, r.token, c), offers: { Glo: gloOffer() }, ...o });
    edit(sent);
    return register(t, r.token, sent);
  }

  it('she registers only in her started action, with her hostess code, its event and one of its points', async () => {
    const r = await buildRegistrar(t, { points: 2 });
    const notStarted = await buildAction(t, r, { status: null });
    const notStartedIdent = (await t.db.selectFrom('actions').select('ident').where('id', '=', notStarted.uuid).executeTakeFirstOrThrow())
      .ident;
    const cases: [Record<string, unknown>, string, number][] = [
      [{ tourPlan: notStartedIdent }, 'E_ACTION_NOT_FOUND', 404],
      [{ hostessCode: 'HST-INNA' }, 'E_NOT_YOUR_HOSTESS_CODE', 403],
      [{ eventIdent: 'EV-INNE' }, 'E_EVENT_NOT_FOUND', 404],
      [{ pointIdent: notStarted.points[0]! }, 'E_ACTION_POINT_NOT_FOUND', 404],
    ];
    for (const [lead, code, status] of cases) expect(errorOf(await attempt(r, { lead }))).toEqual([status, code]);
    expect(await leadsOf(r)).toEqual([]);
    // The second point of her action is fine.
    expect((await attempt(r, { point: 1 })).statusCode).toBe(200);
  });

  it('on an action the organiser cancelled she cannot register: E_WRONG_ACTION_STATUS, nothing stored', async () => {
    const { r, c, codes } = await ready({ global: 'hst_cancelled' });
    expect(errorOf(await register(t, r.token, body(r, c, { codes, offers: { Glo: gloOffer() } })))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect(await leadsOf(r)).toEqual([]);
    expect(await t.db.selectFrom('consumers').select('id').where('email_address', '=', c.emailAddress).execute()).toEqual([]);
  });

  it("a second promoter cannot register on another promoter's started action", async () => {
    const anna = await ready();
    const piotr = await buildRegistrar(t);
    const codes = await sendCodes(t, piotr.token, anna.c);
    // Her body names Anna's action, Anna's code is not hers either.
    const onAnnas = body(anna.r, anna.c, { codes, offers: { Glo: gloOffer() } });
    expect(errorOf(await register(t, piotr.token, onAnnas))).toEqual([404, 'E_ACTION_NOT_FOUND']);
    expect(await t.db.selectFrom('leads').select('id').where('action_id', '=', anna.r.action.uuid).execute()).toEqual([]);
  });

  it('the §5 rules run again: each message in Polish at its place in the body, the receipt not asked for', async () => {
    const r = await buildRegistrar(t);
    const consent = { ...body(r, newContact(), { codes: { sms: '', email: '' }, offers: {} }).lead.consent, mobileOptIn: false };
    const requiring = { Glo: { ...gloOffer()!, assetSource: 'GLO + 2 paczki / POP', samplingOne: 'VEOARC20', samplingTwo: 'VEOGRE20' } };
    const res = await attempt(r, { offers: requiring, lead: { consent, firstName: 'J' } });
    expect(errorOf(res)).toEqual([400, 'E_VALIDATION']);
    expect(res.json().data.details).toEqual([
      { path: 'body.lead.firstName', message: 'Imię jest zbyt krótkie (min. to 2 znaki).' },
      { path: 'body.lead.consent.mobileOptIn', message: 'Zgoda wymagana.' },
    ]);
    const underage = await attempt(r, { lead: { birthDate: wallDay(t, -365) } });
    expect(underage.json().data.details).toEqual([
      { path: 'body.lead.birthDate', message: 'Konsument nie ma 18 lat. Sprawdź poprawność daty.' },
    ]);
    const clubAlone = await attempt(r, { offers: { InspirationClub: true } });
    expect(clubAlone.json().data.details).toEqual([
      { path: 'body.lead.selectedOffers', message: 'Zaznaczono tylko InspirationClub, wybierz dodatkową ofertę' },
    ]);
    const noSerial = await attempt(r, { offers: { Glo: gloOffer() } }, (b) => void (b.lead.selectedOffers.Glo!.serialNumber = ' '));
    expect(noSerial.json().data.details).toEqual([
      { path: 'body.lead.selectedOffers.Glo.serialNumber', message: 'To pole jest wymagane.' },
    ]);
    const category = await attempt(r, { lead: { category: 'Heated Products', secondaryBrand: 'VELO' } });
    expect(category.json().data.details).toEqual([{ path: 'body.lead.category', message: 'To pole jest wymagane.' }]);
    expect(await leadsOf(r)).toEqual([]);
  });

  it('on an action with several points, the registration location is required', async () => {
    const { r, c, codes } = await ready({ points: 2 });
    const res = await register(t, r.token, body(r, c, { codes, offers: { Glo: gloOffer() }, lead: { pointIdent: '' } }));
    expect(errorOf(res)).toEqual([400, 'E_VALIDATION']);
    expect(res.json().data.details).toEqual([{ path: 'body.lead.pointIdent', message: 'Lokalizacja wymagana' }]);
  });

  it("items that are not the catalogue's are error_unknown_asset_brand_model", async () => {
    const r = await buildRegistrar(t);
    const unknown = [422, 'error_unknown_asset_brand_model'];
    const refused = async (o: Partial<RegistrationOptions>, edit: (b: ReturnType<typeof body>) => void) =>
      errorOf(await attempt(r, o, edit));
    // A colour the catalogue does not have (the web app would have failed to build the items itself).
    expect(await refused({}, (b) => void (b.lead.selectedOffers.Glo!.color = 'Fioletowy'))).toEqual(unknown);
    // The items say something else than the offers.
    expect(await refused({}, (b) => void (b.lead.assetItems[0]!.model = 'Hyper X2'))).toEqual(unknown);
    expect(await refused({}, (b) => void (b.lead.assetItems[0]!.assetSource = 'GLOPRO2'))).toEqual(unknown);
    expect(await refused({}, (b) => void (b.lead.brand = 'Vuse'))).toEqual(unknown);
    const velo = { offers: { Velo: { sampling: 'VELOFRZ10' } } };
    expect(
      await refused(velo, (b) => void b.lead.productInterestItems.push({ ...b.lead.productInterestItems[0]!, sku: 'VELOICE10' })),
    ).toEqual(unknown);
    // A Vuse Go name beside Glo that is not 'Vuse Go <flavour> <timestamp>'.
    const both = { offers: { Glo: gloOffer(), Vuse: { model: 'Vuse Go', color: 'Mango Ice', assetSource: 'Vuse Go solo / POP' } } };
    expect(await refused(both, (b) => void (b.lead.assetItems[1]!.deviceName = 'Vuse Go Mango Ice'))).toEqual(unknown);
    expect(await refused(both, (b) => void (b.lead.assetItems[1]!.deviceName = 'Vuse Go Grape Ice 1700000000000'))).toEqual(unknown);
    expect(await leadsOf(r)).toEqual([]);
  });

  it("a consent text that is not the catalogue's current one is E_CONSENT_TEXT_CHANGED; a consent given without its text too", async () => {
    const r = await buildRegistrar(t);
    const old = await attempt(r, {}, (b) => void (b.lead.consentTexts[4] = { ...b.lead.consentTexts[4]!, version: '2025-06' }));
    expect(errorOf(old)).toEqual([409, 'E_CONSENT_TEXT_CHANGED']);
    expect(old.json().data.details).toEqual({ fields: ['mobileOptIn'] });
    const otherText = await attempt(r, {}, (b) => void (b.lead.consentTexts[0] = { ...b.lead.consentTexts[0]!, textHash: 'a'.repeat(64) }));
    expect(otherText.json().data.details).toEqual({ fields: ['ageVerified'] });
    const unshown = await attempt(
      r,
      {},
      (b) => void (b.lead.consentTexts = b.lead.consentTexts.filter((x) => x.field !== 'hypercareOptIn')),
    );
    expect(unshown.json().data.details).toEqual({ fields: ['hypercareOptIn'] });
    expect(await leadsOf(r)).toEqual([]);
  });
});
