import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { buildSignedInPromoter } from '../../test/builders.ts';
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
  type Registrar,
} from '../../test/registrations.ts';
import { raceSame, sortedLabels } from '../../test/races.ts';
import { post, testDatabases, type TestApp } from '../../test/test-app.ts';

// spec §7 /device/burn: after a registration with a Glo serial the app marks the device as used.

describe.each(testDatabases)('/device/burn (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  /** A registrar who registered a consumer with a Glo of this serial. */
  async function registeredGlo(serial: string, r?: Registrar) {
    const registrar = r ?? (await buildRegistrar(t));
    const c = newContact();
    const codes = await sendCodes(t, registrar.token, c);
    const res = await register(t, registrar.token, registrationBody(t, registrar, c, cat, { codes, offers: { Glo: gloOffer(serial) } }));
    expect(res.statusCode).toBe(200);
    return registrar;
  }
  const burn = (token: string, serialNumber: string) => post(t.app, '/device/burn', { device: { serialNumber } }, token);
  const deviceOf = (serial: string) =>
    t.db.selectFrom('glo_devices').select(['status', 'burnt_at']).where('serial_number', '=', serial).executeTakeFirstOrThrow();

  it('the serial she registered is marked used; burning it again answers the same and keeps the first time', async () => {
    const [serial] = await gloSerials(t);
    const r = await registeredGlo(serial!);
    const first = await burn(r.token, serial!.toLowerCase());
    expect([first.statusCode, first.json().data]).toEqual([200, {}]);
    const burnt = await deviceOf(serial!);
    expect(burnt).toEqual({ status: 'registered', burnt_at: t.clock.now().toISOString() });
    t.clock.advance(60_000);
    expect((await burn(r.token, serial!)).statusCode).toBe(200);
    expect((await deviceOf(serial!)).burnt_at).toBe(burnt.burnt_at);
  });

  it('one serial burnt from her outbox and her hand at once: every call answered 200, the device burnt once', async () => {
    const [serial] = await gloSerials(t);
    const r = await registeredGlo(serial!);
    const answers = await raceSame(6, () => burn(r.token, serial!));
    expect(sortedLabels(answers)).toEqual(Array(6).fill('200'));
    expect(await deviceOf(serial!)).toEqual({ status: 'registered', burnt_at: t.clock.now().toISOString() });
  });

  it("another promoter's serial, an unregistered one and an unknown one are all error_device_not_found", async () => {
    const [hers, unregistered] = await gloSerials(t, 2);
    await registeredGlo(hers!);
    const ola = await buildSignedInPromoter(t);
    for (const serial of [hers!, unregistered!, 'GLO-NIE-MA'])
      expect(errorOf(await burn(ola.token, serial))).toEqual([422, 'error_device_not_found']);
    expect((await deviceOf(hers!)).burnt_at).toBeNull();
    expect(errorOf(await post(t.app, '/device/burn', { device: { serialNumber: '' } }, ola.token))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await post(t.app, '/device/burn', { device: { serialNumber: hers } }))).toEqual([401, 'E_UNAUTHORIZED']);
  });
});
