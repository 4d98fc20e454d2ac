import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import type { ConsumerOptions } from '../../test/consumer-builders.ts';
import type { Db } from '../../db/kysely.ts';
import { newId } from '../../lib/crypto.ts';
import {
  buildRegistrar,
  errorOf,
  gloOffer,
  gloSerials,
  knownConsumer,
  newContact,
  register,
  registrationBody,
  sendCodes,
  startRegistrationApp,
  type Contact,
  type Registrar,
  type RegistrationOptions,
} from '../../test/registrations.ts';
import { testDatabases, type TestApp } from '../../test/test-app.ts';
import { DatabaseConsumerRegistry } from '../consumers/database-consumer-registry.ts';

// The registry's answers to /lead/register (spec §8 Registration errors, §4 loyalty club; decision 067).

describe.each(testDatabases)('/lead/register: what the consumer registry answers (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  const known = (c: Contact, o: ConsumerOptions = {}) => knownConsumer(t, c, o);

  /** One registration of this consumer with fresh codes. */
  async function registerAs(r: Registrar, c: Contact, o: Partial<RegistrationOptions> = {}, headers: Record<string, string> = {}) {
    const codes = await sendCodes(t, r.token, c);
    return register(t, r.token, registrationBody(t, r, c, cat, { codes, offers: { Glo: gloOffer() }, ...o }), headers);
  }
  const leadsOf = (r: Registrar) => t.db.selectFrom('leads').select(['id', 'bc']).where('user_id', '=', r.userId).execute();

  const consumersOf = (...cs: Contact[]) =>
    t.db
      .selectFrom('consumers')
      .select(['email_address', 'mobile_number', 'first_name', 'last_name'])
      .where(
        'email_address',
        'in',
        cs.map((c) => c.emailAddress),
      )
      .orderBy('email_address')
      .execute();

  it("a new e-mail with a registered consumer's number (a family phone) is a new consumer; the other keeps her data and consents", async () => {
    const r = await buildRegistrar(t);
    const mother = newContact();
    const motherId = await known(mother, { items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2' }] });
    const daughter = { ...newContact(), mobileNumber: mother.mobileNumber, numberNoPrefix: mother.numberNoPrefix };
    // Her mother's Glo does not stop hers.
    const res = await registerAs(r, daughter);
    expect(res.statusCode).toBe(200);
    expect(await consumersOf(mother, daughter)).toEqual(
      [
        { email_address: mother.emailAddress, mobile_number: mother.mobileNumber, first_name: 'Jan', last_name: 'Znany' },
        { email_address: daughter.emailAddress, mobile_number: mother.mobileNumber, first_name: 'Janina', last_name: 'Konsumencka' },
      ].sort((a, b) => a.email_address.localeCompare(b.email_address)),
    );
    const { consumer_id } = await t.db
      .selectFrom('leads')
      .select('consumer_id')
      .where('id', '=', res.json().data.lead.id)
      .executeTakeFirstOrThrow();
    expect(consumer_id).not.toBe(motherId);
    expect(await t.db.selectFrom('consent_records').select('id').where('consumer_id', '=', motherId).execute()).toEqual([]);
    expect(await t.db.selectFrom('consumer_items').select('brand').where('consumer_id', '=', motherId).execute()).toEqual([
      { brand: 'Glo' },
    ]);
  });

  it("her e-mail's consumer is updated with the number she proved; another consumer with that number stays as she is", async () => {
    const r = await buildRegistrar(t);
    const c = newContact();
    await known({ ...c, mobileNumber: newContact().mobileNumber });
    const other = { ...newContact(), mobileNumber: c.mobileNumber };
    await known(other, { firstName: 'Inna', lastName: 'Osoba' });
    expect((await registerAs(r, c)).statusCode).toBe(200);
    expect(await consumersOf(c, other)).toEqual(
      [
        { email_address: c.emailAddress, mobile_number: c.mobileNumber, first_name: 'Janina', last_name: 'Konsumencka' },
        { email_address: other.emailAddress, mobile_number: c.mobileNumber, first_name: 'Inna', last_name: 'Osoba' },
      ].sort((a, b) => a.email_address.localeCompare(b.email_address)),
    );
  });

  it('a device brand she already owns is error_asset_unavailable, a sample she already had error_product_unavailable', async () => {
    const r = await buildRegistrar(t);
    const glo = newContact();
    await known(glo, { items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper Pro' }] });
    expect(errorOf(await registerAs(r, glo))).toEqual([409, 'error_asset_unavailable']);
    // An older glo's owner may take the Hyper Pro: the upgrade that Glo_Pro announces.
    const upgrade = newContact();
    await known(upgrade, { items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2' }] });
    expect((await registerAs(r, upgrade)).statusCode).toBe(200);
    const vype = newContact();
    await known(vype, { items: [{ kind: 'asset', brand: 'Vype', model: 'ePen' }] });
    const vuse = { Vuse: { model: 'Vuse Go', color: 'Grape Ice', assetSource: 'Vuse Go solo / POP' } };
    expect(errorOf(await registerAs(r, vype, { offers: vuse }))).toEqual([409, 'error_asset_unavailable']);
    const velo = newContact();
    await known(velo, { items: [{ kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' }] });
    expect(errorOf(await registerAs(r, velo, { offers: { Velo: { sampling: 'VELOICE10' } } }))).toEqual([409, 'error_product_unavailable']);
    const neo = newContact();
    await known(neo, { items: [{ kind: 'product_interest', brand: 'Neo', model: 'Próbka neo: 1 paczka' }] });
    expect(errorOf(await registerAs(r, neo, { offers: { Neo: { neoOffers: '1' } } }))).toEqual([409, 'error_product_unavailable']);
    // What she does not own yet is fine: the Glo owner takes a Velo.
    expect((await registerAs(r, glo, { offers: { Velo: { sampling: 'VELOICE10' } } })).statusCode).toBe(200);
  });

  it('a Glo serial the device registry does not know is error_device_not_found, a registered one error_device_already_registered', async () => {
    const r = await buildRegistrar(t);
    expect(errorOf(await registerAs(r, newContact(), { offers: { Glo: gloOffer('GLO-NIE-ISTNIEJE') } }))).toEqual([
      422,
      'error_device_not_found',
    ]);
    const [serial] = await gloSerials(t);
    expect((await registerAs(r, newContact(), { offers: { Glo: gloOffer(serial) } })).statusCode).toBe(200);
    expect(errorOf(await registerAs(r, newContact(), { offers: { Glo: gloOffer(serial) } }))).toEqual([
      409,
      'error_device_already_registered',
    ]);
    expect(await leadsOf(r)).toHaveLength(1);
  });

  it('a serial another consumer already holds, though the device registry still says unregistered, is ASSET:CREATION_ERROR', async () => {
    const r = await buildRegistrar(t);
    const [serial] = await gloSerials(t);
    // An imported consumer's device the device registry was never told about.
    await known(newContact(), { items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2', serial_number: serial! }] });
    expect(errorOf(await registerAs(r, newContact(), { offers: { Glo: gloOffer(serial) } }))).toEqual([409, 'ASSET:CREATION_ERROR']);
    // Nothing of it stayed: the device is still unregistered, no consumer, no lead.
    expect(
      (await t.db.selectFrom('glo_devices').select('status').where('serial_number', '=', serial!).executeTakeFirstOrThrow()).status,
    ).toBe('unregistered');
    expect(await leadsOf(r)).toEqual([]);
  });

  it('two registrations of one serial at once: one registers it, the other is refused with a device code', async () => {
    const r = await buildRegistrar(t);
    const [serial] = await gloSerials(t);
    const [a, b] = [newContact(), newContact()];
    const bodies = await Promise.all(
      [a, b].map(async (c) => registrationBody(t, r, c, cat, { codes: await sendCodes(t, r.token, c), offers: { Glo: gloOffer(serial) } })),
    );
    const answers = await Promise.all(bodies.map((sent) => register(t, r.token, sent)));
    const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().data.error)).sort();
    expect(codes[0]).toMatch(/^(ASSET:CREATION_ERROR|error_device_already_registered)$/);
    expect(codes[1]).toBe('ok');
    expect(await leadsOf(r)).toHaveLength(1);
  });

  it('a Veo flavour sample she already had is PRODUCT_INTEREST:CREATION_ERROR; one flavour twice in a registration is one sample', async () => {
    const r = await buildRegistrar(t);
    const glo = { ...gloOffer()!, assetSource: 'GLO + 2 paczki veo / POP', samplingOne: 'VEOARC20', samplingTwo: 'VEOARC20' };
    const c = newContact();
    await known(c, { items: [{ kind: 'product_interest', brand: 'Veo', model: 'veo Arctic Click', sku: 'VEOARC20' }] });
    expect(errorOf(await registerAs(r, c, { offers: { Glo: glo } }))).toEqual([409, 'PRODUCT_INTEREST:CREATION_ERROR']);

    const fresh = newContact();
    expect((await registerAs(r, fresh, { offers: { Glo: glo } })).statusCode).toBe(200);
    const consumer = await t.db
      .selectFrom('consumers')
      .select('id')
      .where('email_address', '=', fresh.emailAddress)
      .executeTakeFirstOrThrow();
    const samples = await t.db
      .selectFrom('consumer_items')
      .select(['brand', 'sku'])
      .where('consumer_id', '=', consumer.id)
      .where('kind', '=', 'product_interest')
      .execute();
    expect(samples).toEqual([{ brand: 'Veo', sku: 'VEOARC20' }]);
  });

  it('a member of the club is registered anyway and answered error_ic_consumer_already_exists with the lead and its bc; a replay answers the same', async () => {
    const r = await buildRegistrar(t);
    const c = newContact();
    await known(c, { clubMember: true });
    const key = { 'idempotency-key': `ic-${randomBytes(6).toString('hex')}` };
    const codes = await sendCodes(t, r.token, c);
    const sent = registrationBody(t, r, c, cat, { codes, offers: { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true } });
    const res = await register(t, r.token, sent, key);
    expect(errorOf(res)).toEqual([409, 'error_ic_consumer_already_exists']);
    const [lead] = await leadsOf(r);
    expect(res.json().data.details).toEqual({ lead: { id: lead!.id }, bc: lead!.bc });
    const replay = await register(t, r.token, sent, key);
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.body]).toEqual([409, 'true', res.body]);
    expect(await leadsOf(r)).toHaveLength(1);
  });

  it("the club's list holding her e-mail twice is error_ic_consumer_multiple_found, having left it error_ic_registration_failed", async () => {
    const r = await buildRegistrar(t);
    const listed = (c: Contact, leftAt: string | null) =>
      t.db
        .insertInto('inspiration_club_members')
        .values({ id: newId(), email_address: c.emailAddress, consumer_id: null, joined_at: '2024-03-01T10:00:00.000Z', left_at: leftAt })
        .execute();
    const offers = { Glo: gloOffer(), InspirationClub: true };
    const twice = newContact();
    await listed(twice, null);
    await listed(twice, null);
    const multiple = await registerAs(r, twice, { offers });
    expect(errorOf(multiple)).toEqual([409, 'error_ic_consumer_multiple_found']);
    const left = newContact();
    await listed(left, '2025-01-10T10:00:00.000Z');
    const failed = await registerAs(r, left, { offers });
    expect(errorOf(failed)).toEqual([409, 'error_ic_registration_failed']);
    // Both registrations stand, with the ids the app sends the receipt with.
    const leads = await leadsOf(r);
    expect(leads.map((l) => l.id).sort()).toEqual([multiple.json().data.details.lead.id, failed.json().data.details.lead.id].sort());
    const clubbed = await t.db
      .selectFrom('consumers')
      .select('inspiration_club_since')
      .where('email_address', 'in', [twice.emailAddress, left.emailAddress])
      .execute();
    expect(clubbed).toEqual([{ inspiration_club_since: null }, { inspiration_club_since: null }]);
  });

  it('a new consumer choosing the club is enrolled, and a second registration of hers finds her a member', async () => {
    const r = await buildRegistrar(t);
    const c = newContact();
    expect((await registerAs(r, c, { offers: { Glo: gloOffer(), InspirationClub: true } })).statusCode).toBe(200);
    const entries = await t.db
      .selectFrom('inspiration_club_members')
      .select('left_at')
      .where('email_address', '=', c.emailAddress)
      .execute();
    expect(entries).toEqual([{ left_at: null }]);
    expect(errorOf(await registerAs(r, c, { offers: { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true } }))).toEqual([
      409,
      'error_ic_consumer_already_exists',
    ]);
  });
});

/** JSON log lines of an app, as an operator reads them. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

// A registry that fails inside (the CRM connector down, a bug): an injected fault in the registry, not
// a mock of the database. Only a fault can answer error_m2_exception, so this is how it is reached.
class FailingRegistry extends DatabaseConsumerRegistry {
  failing: 'register' | 'club' | null = null;
  override async register(...args: Parameters<DatabaseConsumerRegistry['register']>) {
    if (this.failing === 'register')
      throw Object.assign(new Error('connection to the CRM lost (klientka@test.pl)'), { code: 'ECONNRESET' });
    return super.register(...args);
  }
  override async enrolInClub(...args: Parameters<DatabaseConsumerRegistry['enrolInClub']>) {
    if (this.failing === 'club') throw new Error('club service down');
    return super.enrolInClub(...args);
  }
}

describe.each(testDatabases)('/lead/register: a failing registry, and the log lines (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  let registry: FailingRegistry;
  const log = logLines();
  beforeAll(async () => {
    const registering = { logStream: log.stream, registry: (db: Db) => (registry = new FailingRegistry(db)) };
    ({ t, cat } = await startRegistrationApp(dialect, registering));
  });
  afterAll(() => t.close());

  async function attempt(r: Registrar, c: Contact, offers: RegistrationOptions['offers']) {
    const codes = await sendCodes(t, r.token, c);
    return register(t, r.token, registrationBody(t, r, c, cat, { codes, offers }));
  }

  it('a registry failure is error_m2_exception, logged with the request id and without her data; nothing is stored', async () => {
    const r = await buildRegistrar(t);
    const c = newContact();
    registry.failing = 'register';
    const res = await attempt(r, c, { Glo: gloOffer() });
    registry.failing = null;
    expect(errorOf(res)).toEqual([502, 'error_m2_exception']);
    expect(await t.db.selectFrom('leads').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('consumers').select('id').where('email_address', '=', c.emailAddress).execute()).toEqual([]);
    const failure = log.lines.find((l) => l.msg === 'consumer registry failed' && l.reqId === res.headers['x-request-id']);
    expect(failure).toMatchObject({ ts: res.json().meta.ts, registryFailure: { name: 'Error', code: 'ECONNRESET' } });
    expect(JSON.stringify(failure)).not.toContain('klientka@test.pl');
  });

  it('a club failure still registers her: error_ic_registration_failed with the lead and bc', async () => {
    const r = await buildRegistrar(t);
    registry.failing = 'club';
    const res = await attempt(r, newContact(), { Glo: gloOffer(), InspirationClub: true });
    registry.failing = null;
    expect(errorOf(res)).toEqual([409, 'error_ic_registration_failed']);
    const lead = await t.db.selectFrom('leads').select(['id', 'bc']).where('user_id', '=', r.userId).executeTakeFirstOrThrow();
    expect(res.json().data.details).toEqual({ lead: { id: lead.id }, bc: lead.bc });
    expect(log.lines.some((l) => l.msg === 'loyalty club enrolment failed' && l.reqId === res.headers['x-request-id'])).toBe(true);
  });

  it('no log line names the consumer: not her names, e-mail, phone or birth date', async () => {
    const r = await buildRegistrar(t);
    const c = newContact();
    const res = await attempt(r, c, { Glo: gloOffer(), Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true });
    expect(res.statusCode).toBe(200);
    const refused = await attempt(r, newContact(), { Glo: gloOffer('GLO-NIE-MA') });
    expect(refused.json().data.error).toBe('error_device_not_found');
    const ours = log.lines.filter((l) => l.reqId === res.headers['x-request-id'] || l.reqId === refused.headers['x-request-id']);
    expect(ours.map((l) => l.msg)).toEqual(expect.arrayContaining(['consumer registered', 'request completed', 'request refused']));
    const text = JSON.stringify(log.lines);
    for (const secret of ['Janina', 'Konsumencka', c.emailAddress, c.numberNoPrefix, '1991-03-14']) expect(text).not.toContain(secret);
  });
});
