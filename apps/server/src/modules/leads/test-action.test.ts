import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { insertConsumer } from '../../db/seed/consumer-seed.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import {
  buildRegistrar,
  catalogues,
  errorOf,
  gloOffer,
  newContact,
  register,
  registrationBody,
  type Contact,
  type Registrar,
} from '../../test/registrations.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// spec §2: "A special test action (name containing exp1707) that is started enables buttons to verify or
// register without OTP." Its registrations are tests: flagged, and never counted (decision 067).

describe.each(testDatabases)('the exp1707 test action (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cat = await catalogues(t, (await buildSignedInPromoter(t)).token);
  });
  afterAll(() => t.close());

  const noCodes = { sms: '', email: '' };
  const verify = (r: Registrar, c: Contact) =>
    post(
      t.app,
      '/lead/verify',
      {
        lead: {
          process: 'TOURPLANNER',
          emailAddress: c.emailAddress,
          otpEmail: '',
          mobileNumber: c.mobileNumber,
          mobileNumberNoPrefix: c.numberNoPrefix,
          otp: '',
          eventIdent: r.action.eventIdent,
          phoneVerified: true,
        },
      },
      r.token,
      { 'sf-bypassed': 'true' },
    );
  const testAction = () => buildRegistrar(t, { name: 'Test rejestracji exp1707 — Kiosk' });

  it('on her started test action, verify without codes answers the checks with sfVerificationBypassed', async () => {
    const r = await testAction();
    const c = newContact();
    await insertConsumer(
      t.db,
      { emailAddress: c.emailAddress, mobileNumber: c.mobileNumber, firstName: 'Jan', lastName: 'Znany' },
      t.clock.now(),
    );
    const res = await verify(r, c);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      sfVerificationBypassed: true,
      Glo_Pro: false,
      verification: { Glo: { assetAvailable: true } },
    });
    expect(errorOf(await verify(r, newContact()))).toEqual([404, 'error_m2_not_found_in_salesforce']);
  });

  it('without codes elsewhere: another action, a test action not started, or one of another event is error_wrong_otp', async () => {
    const c = newContact();
    expect(errorOf(await verify(await buildRegistrar(t), c))).toEqual([422, 'error_wrong_otp']);
    expect(errorOf(await verify(await buildRegistrar(t, { name: 'Test exp1707', status: null }), c))).toEqual([422, 'error_wrong_otp']);
    const r = await testAction();
    const other = await buildRegistrar(t);
    expect(errorOf(await verify({ ...r, action: { ...r.action, eventIdent: other.action.eventIdent } }, c))).toEqual([
      404,
      'E_EVENT_NOT_FOUND',
    ]);
    expect(
      errorOf(await register(t, other.token, registrationBody(t, other, c, cat, { codes: noCodes, offers: { Glo: gloOffer() } }))),
    ).toEqual([422, 'error_wrong_otp']);
  });

  it('registers without codes, flagged as a test and left out of /sample/stats', async () => {
    const r = await testAction();
    const res = await register(
      t,
      r.token,
      registrationBody(t, r, newContact(), cat, { codes: noCodes, offers: { Glo: gloOffer(), Velo: { sampling: 'VELOFRZ10' } } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.bc).toMatch(/^BC-/);
    const lead = await t.db.selectFrom('leads').select('is_test').where('id', '=', res.json().data.lead.id).executeTakeFirstOrThrow();
    expect(lead.is_test).toBe(1);
    const stats = await post(
      t.app,
      '/sample/stats',
      { sample: { hostessCode: r.ident, currentAction: r.action.uuid, lastAction: null } },
      r.token,
    );
    expect(stats.json().data).toMatchObject({ currentAction: [], currentMonth: [] });
  });
});
