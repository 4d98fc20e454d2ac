import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import {
  buildRegistrar,
  errorOf,
  gloOffer,
  gloSerials,
  knownConsumer,
  newContact,
  NO_CODES,
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
import { TEST_LEADS_PER_PROMOTER } from './lead-register.service.ts';

// spec §2: "A special test action (name containing exp1707) that is started enables buttons to verify or
// register without OTP." Without codes nothing proves who the consumer is, so such a registration is a
// sandbox: a lead flagged as a test, never counted, and nothing written about any consumer (decision 067).

describe.each(testDatabases)('the exp1707 test action (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  const testAction = (o: Parameters<typeof buildRegistrar>[1] = {}) =>
    buildRegistrar(t, { name: 'Test rejestracji exp1707 — Kiosk', ...o });
  const withoutCodes = (r: Registrar, c: Contact, o: Omit<RegistrationOptions, 'codes'>) =>
    register(t, r.token, registrationBody(t, r, c, cat, { codes: NO_CODES, ...o }));
  const consumerOf = (c: Contact) => t.db.selectFrom('consumers').selectAll().where('email_address', '=', c.emailAddress).execute();
  const deviceOf = (serial: string) =>
    t.db
      .selectFrom('glo_devices')
      .select(['status', 'consumer_id', 'burnt_at'])
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();

  it('verify without codes answers as for a new consumer, even for a known one: nothing of anyone is revealed', async () => {
    const r = await testAction();
    const c = newContact();
    await knownConsumer(t, c, { items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2' }], clubMember: true });
    // The app treats her as new and offers everything (spec §4); her Glo and her club are not told.
    expect(errorOf(await verify(t, r, c, NO_CODES))).toEqual([404, 'error_m2_not_found_in_salesforce']);
    expect(errorOf(await verify(t, r, newContact(), NO_CODES))).toEqual([404, 'error_m2_not_found_in_salesforce']);
  });

  it('without codes elsewhere: another action, a test action not started, or one of another event is error_wrong_otp', async () => {
    const c = newContact();
    expect(errorOf(await verify(t, await buildRegistrar(t), c, NO_CODES))).toEqual([422, 'error_wrong_otp']);
    expect(errorOf(await verify(t, await testAction({ status: null }), c, NO_CODES))).toEqual([422, 'error_wrong_otp']);
    const r = await testAction();
    const other = await buildRegistrar(t);
    expect(errorOf(await verify(t, { ...r, action: { ...r.action, eventIdent: other.action.eventIdent } }, c, NO_CODES))).toEqual([
      404,
      'E_EVENT_NOT_FOUND',
    ]);
    expect(errorOf(await withoutCodes(other, c, { offers: { Glo: gloOffer() } }))).toEqual([422, 'error_wrong_otp']);
  });

  it('a test action the organiser cancelled refuses verify and register without codes, like the other action calls', async () => {
    const r = await testAction({ global: 'hst_cancelled' });
    const c = newContact();
    expect(errorOf(await verify(t, r, c, NO_CODES))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect(errorOf(await withoutCodes(r, c, { offers: { Glo: gloOffer() } }))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect(await t.db.selectFrom('leads').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
  });

  it('registers without codes: a test lead with its items, left out of /sample/stats', async () => {
    const r = await testAction();
    const [serial] = await gloSerials(t);
    const res = await withoutCodes(r, newContact(), { offers: { Glo: gloOffer(serial), Velo: { sampling: 'VELOFRZ10' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.bc).toMatch(/^BC-/);
    const lead = await t.db
      .selectFrom('leads')
      .select(['is_test', 'consumer_id'])
      .where('id', '=', res.json().data.lead.id)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ is_test: 1, consumer_id: null });
    const items = await leadItemsOf(t, res.json().data.lead.id, ['brand', 'serial_number']);
    expect(items).toEqual([
      { brand: 'Glo', serial_number: serial },
      { brand: 'Velo', serial_number: null },
    ]);
    const stats = await post(
      t.app,
      '/sample/stats',
      { sample: { hostessCode: r.ident, currentAction: r.action.uuid, lastAction: null } },
      r.token,
    );
    expect(stats.json().data).toMatchObject({ currentAction: [], currentMonth: [] });
  });

  it("a registration without codes with a real consumer's e-mail and number changes nothing of hers: no consumer, items, consents, device or club", async () => {
    const r = await testAction();
    const c = newContact();
    const id = await knownConsumer(t, c, { birthDate: '1980-05-05' });
    const before = await consumerOf(c);
    const [serial] = await gloSerials(t);
    const res = await withoutCodes(r, c, {
      offers: { Glo: gloOffer(serial), Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true },
      lead: { firstName: 'Obca', lastName: 'Osoba' },
    });
    expect(res.statusCode).toBe(200);
    expect(await consumerOf(c)).toEqual(before);
    expect(await t.db.selectFrom('consumer_items').select('id').where('consumer_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('consent_records').select('id').where('lead_id', '=', res.json().data.lead.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('consent_records').select('id').where('consumer_id', '=', id).execute()).toEqual([]);
    expect(await deviceOf(serial!)).toEqual({ status: 'unregistered', consumer_id: null, burnt_at: null });
    expect(await t.db.selectFrom('inspiration_club_members').select('id').where('email_address', '=', c.emailAddress).execute()).toEqual(
      [],
    );
    // A new contact is not created either.
    const fresh = newContact();
    expect((await withoutCodes(r, fresh, { offers: { Velo: { sampling: 'VELOFRZ10' } } })).statusCode).toBe(200);
    expect(await consumerOf(fresh)).toEqual([]);
  });

  it('the Glo serial is checked but not marked: unknown is error_device_not_found, registered error_device_already_registered', async () => {
    const r = await testAction();
    expect(errorOf(await withoutCodes(r, newContact(), { offers: { Glo: gloOffer('GLO-NIE-MA') } }))).toEqual([
      422,
      'error_device_not_found',
    ]);
    // Registered for real (with codes, on an ordinary action), then tried on the test action.
    const [serial] = await gloSerials(t);
    const real = await buildRegistrar(t);
    const c = newContact();
    const codes = await sendCodes(t, real.token, c);
    expect(
      (await register(t, real.token, registrationBody(t, real, c, cat, { codes, offers: { Glo: gloOffer(serial) } }))).statusCode,
    ).toBe(200);
    expect(errorOf(await withoutCodes(r, newContact(), { offers: { Glo: gloOffer(serial) } }))).toEqual([
      409,
      'error_device_already_registered',
    ]);
    // The same unregistered serial may be tried on the test action again and again.
    const [free] = await gloSerials(t);
    for (let i = 0; i < 2; i++) expect((await withoutCodes(r, newContact(), { offers: { Glo: gloOffer(free) } })).statusCode).toBe(200);
  });

  it('with codes on the test action the Glo device is registered and /device/burn burns it, as anywhere', async () => {
    const r = await testAction();
    const c = newContact();
    const [serial] = await gloSerials(t);
    const codes = await sendCodes(t, r.token, c);
    expect((await register(t, r.token, registrationBody(t, r, c, cat, { codes, offers: { Glo: gloOffer(serial) } }))).statusCode).toBe(200);
    const burn = await post(t.app, '/device/burn', { device: { serialNumber: serial } }, r.token);
    expect([burn.statusCode, burn.json().data]).toEqual([200, {}]);
    expect(await deviceOf(serial!)).toMatchObject({ status: 'registered', burnt_at: t.clock.now().toISOString() });
  });

  it('/device/burn after a sandbox registration answers success and burns nothing', async () => {
    const r = await testAction();
    const [serial] = await gloSerials(t);
    expect((await withoutCodes(r, newContact(), { offers: { Glo: gloOffer(serial) } })).statusCode).toBe(200);
    const burn = await post(t.app, '/device/burn', { device: { serialNumber: serial!.toLowerCase() } }, r.token);
    expect([burn.statusCode, burn.json().data]).toEqual([200, {}]);
    expect(await deviceOf(serial!)).toEqual({ status: 'unregistered', consumer_id: null, burnt_at: null });
    // Another promoter's test serial is still not hers.
    const ola = await buildRegistrar(t);
    expect(errorOf(await post(t.app, '/device/burn', { device: { serialNumber: serial } }, ola.token))).toEqual([
      422,
      'error_device_not_found',
    ]);
  });

  it(`her registrations on a test action stop at ${TEST_LEADS_PER_PROMOTER}: the last one is stored, the next is 409 E_TEST_LEAD_LIMIT, with codes or without`, async () => {
    const r = await testAction();
    const offers = { Velo: { sampling: 'VELOFRZ10' } };
    expect((await withoutCodes(r, newContact(), { offers })).statusCode).toBe(200);
    // As if she had registered all the others of the day too.
    await t.db
      .updateTable('action_assignments')
      .set((eb) => ({ test_lead_count: eb('test_lead_count', '+', TEST_LEADS_PER_PROMOTER - 2) }))
      .where('action_id', '=', r.action.uuid)
      .where('user_id', '=', r.userId)
      .execute();
    expect((await withoutCodes(r, newContact(), { offers })).statusCode).toBe(200);

    expect(errorOf(await withoutCodes(r, newContact(), { offers }))).toEqual([409, 'E_TEST_LEAD_LIMIT']);
    const c = newContact();
    const codes = await sendCodes(t, r.token, c);
    expect(errorOf(await register(t, r.token, registrationBody(t, r, c, cat, { codes, offers })))).toEqual([409, 'E_TEST_LEAD_LIMIT']);
    // Nothing of the refused ones is stored; another promoter's test action counts her own.
    expect(await t.db.selectFrom('leads').select('id').where('user_id', '=', r.userId).execute()).toHaveLength(2);
    expect(await consumerOf(c)).toEqual([]);
    expect((await withoutCodes(await testAction(), newContact(), { offers })).statusCode).toBe(200);
  });

  it('parallel registrations cannot pass the test action cap', async () => {
    const r = await testAction();
    await t.db
      .updateTable('action_assignments')
      .set({ test_lead_count: TEST_LEADS_PER_PROMOTER - 2 })
      .where('action_id', '=', r.action.uuid)
      .where('user_id', '=', r.userId)
      .execute();
    const offers = { Velo: { sampling: 'VELOFRZ10' } };
    const answers = await Promise.all(Array.from({ length: 6 }, () => withoutCodes(r, newContact(), { offers })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await t.db.selectFrom('leads').select('id').where('user_id', '=', r.userId).execute()).toHaveLength(2);
  });
});
