import { randomBytes } from 'node:crypto';
import { firstError, mgmEmailRules } from '@promotor/contract/rules';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConsumer, type ConsumerSeed } from '../../db/seed/consumer-seed.ts';
import { newId } from '../../lib/crypto.ts';
import { buildAction, buildSignedInPromoter, type BuiltPromoter } from '../../test/builders.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.ts';
import { createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { loadCatalogues } from '../catalogues/catalogues.service.ts';
import { listOutbox } from '../notifier/notifier.ts';
import { MGM_INVITES_PER_HOUR, MGM_LOOKUPS_PER_HOUR } from './mgm.service.ts';

type Res = { statusCode: number; json: () => { data: Record<string, unknown> & { error?: string; details?: unknown } } };
const errorOf = (res: Res) => [res.statusCode, res.json().data.error];

type Promoter = BuiltPromoter & { token: string; actionId: string; pointId: string };

/** What a test app needs to build referral cases: promoters during an action, consumers in every state. */
function mgmKit(t: () => TestApp) {
  const newsletter = () => {
    const text = loadCatalogues(t().config.cataloguesFile).catalogues.consents.find(
      (c) => c.field === 'newsletterCommercialAuthorization',
    )!;
    return { version: text.version, hash: text.textHash };
  };

  /** A promoter, logged in, running a started action (maybe-join's rule). */
  async function promoter(o: { started?: boolean } = {}): Promise<Promoter> {
    const p = await buildSignedInPromoter(t());
    const action = await buildAction(t(), p, { status: o.started === false ? null : 'started' });
    return { ...p, actionId: action.uuid, pointId: action.points[0]! };
  }

  type ConsumerOptions = Partial<ConsumerSeed> & {
    /** newsletterCommercialAuthorization on record: given to the catalogue's text (default), an older one, withdrawn, none. */
    consents?: 'current' | 'outdated' | 'withdrawn' | 'none';
  };

  /** A consumer of the registry with a Glo by default and her newsletter consent given; returns her e-mail. */
  async function consumer(o: ConsumerOptions = {}): Promise<{ id: string; emailAddress: string; mobileNumber: string }> {
    const id8 = randomBytes(4).toString('hex');
    const c = {
      emailAddress: `konsument-${id8}@test.pl`,
      mobileNumber: `+48${String(parseInt(id8, 16) % 1_000_000_000).padStart(9, '7')}`,
      firstName: 'Jan',
      lastName: 'Konsument',
      items: [{ kind: 'asset' as const, brand: 'Glo' as const, model: 'Hyper X2' }],
      ...o,
    };
    const consumerId = await insertConsumer(t().db, c, t().clock.now());
    const consents = o.consents ?? 'current';
    if (consents !== 'none') {
      // Recorded by some other promoter's registration, earlier.
      const by = await buildSignedInPromoter(t());
      const record = (decision: 0 | 1, text: { version: string; hash: string }, at: string) => ({
        id: newId(),
        consumer_id: consumerId,
        lead_id: null,
        field: 'newsletterCommercialAuthorization',
        decision,
        text_version: text.version,
        text_hash: text.hash,
        recorded_at: at,
        user_id: by.userId,
        action_id: null,
        action_point_id: null,
        channel: 'webform' as const,
      });
      const earlier = new Date(t().clock.now().getTime() - 60_000).toISOString();
      const rows =
        consents === 'withdrawn'
          ? [record(1, newsletter(), earlier), record(0, newsletter(), t().clock.now().toISOString())]
          : [record(1, consents === 'current' ? newsletter() : { version: '2025-01', hash: 'f'.repeat(64) }, earlier)];
      await t().db.insertInto('consent_records').values(rows).execute();
    }
    return { id: consumerId, emailAddress: c.emailAddress, mobileNumber: c.mobileNumber };
  }

  const maybeJoin = (p: { token: string }) => post(t().app, '/mgm/maybe-join', undefined, p.token);
  const validate = (p: { token: string }, emailAddress: string) =>
    post(t().app, '/mgm/validate-consumer', { consumer: { emailAddress } }, p.token);
  const invite = (p: { token: string }, emailAddress: string, headers: Record<string, string> = {}) =>
    post(t().app, '/mgm/invite-consumer', { consumer: { emailAddress } }, p.token, headers);
  const update = (p: { token: string; ident: string }, c: { emailAddress: string }, o: Record<string, unknown> = {}, headers = {}) =>
    post(
      t().app,
      '/mgm/update-consumer',
      {
        consumer: {
          mobileOptIn: true,
          emailOptIn: true,
          hypercareOptIn: false,
          socialMediaOptIn: true,
          emailAddress: c.emailAddress,
          brand: 'Glo',
          newsletterCommercialAuthorization: true,
          lastModifiedSource: p.ident,
          ...o,
        },
      },
      p.token,
      headers,
    );

  const smsTo = async (recipient: string) => (await listOutbox(t().db, 1000)).filter((m) => m.recipient === recipient);

  return { newsletter, promoter, consumer, maybeJoin, validate, invite, update, smsTo };
}

describe.each(testDatabases)('member-get-member: /mgm/* (%s)', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(dialect, { logStream });
  });
  afterAll(() => t.close());
  const kit = mgmKit(() => t);

  it('maybe-join: she may join during her started action, with her points 0 and a place among all promoters', async () => {
    const ewa = await kit.promoter();
    const res = await kit.maybeJoin(ewa);
    expect(res.statusCode).toBe(200);
    const { mayJoin, ranking } = res.json().data as { mayJoin: boolean; ranking: { balance: number; position: number } };
    expect(mayJoin).toBe(true);
    expect(ranking.balance).toBe(0);
    expect(ranking.position).toBeGreaterThanOrEqual(1);
  });

  it('maybe-join: no started action, or one the organiser cancelled, means she may not join; every other call is E_MGM_NOT_ALLOWED', async () => {
    const before = await kit.promoter({ started: false });
    expect((await kit.maybeJoin(before)).json().data).toMatchObject({ mayJoin: false, ranking: { balance: 0 } });
    const cancelled = await buildSignedInPromoter(t);
    await buildAction(t, cancelled, { status: 'started', global: 'hst_cancelled' });
    expect((await kit.maybeJoin(cancelled)).json().data.mayJoin).toBe(false);

    const c = await kit.consumer();
    expect(errorOf(await kit.validate(before, c.emailAddress))).toEqual([403, 'E_MGM_NOT_ALLOWED']);
    expect(errorOf(await kit.update({ ...before }, c))).toEqual([403, 'E_MGM_NOT_ALLOWED']);
    expect(errorOf(await kit.invite(before, c.emailAddress))).toEqual([403, 'E_MGM_NOT_ALLOWED']);
    expect(await kit.smsTo(c.mobileNumber)).toEqual([]);
  });

  it('validate: a consumer who can be invited answers a token and her brand, never her personal data; the e-mail in any case', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    const res = await kit.validate(ewa, c.emailAddress.toUpperCase());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['brand', 'uuid']);
    expect(data).toMatchObject({
      brand: 'Vuse',
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    });
    expect(data.uuid).not.toBe(c.id);
    expect(res.body).not.toContain(c.mobileNumber);
    expect(res.body).not.toContain('Konsument');
    // The same check again is the same token; another promoter's is another.
    expect((await kit.validate(ewa, c.emailAddress)).json().data.uuid).toBe(data.uuid);
    expect((await kit.validate(await kit.promoter(), c.emailAddress)).json().data.uuid).not.toBe(data.uuid);
  });

  it("validate: whatever the app's §5 e-mail rule lets through is checked, not refused as invalid (e.g. two dots: not found)", async () => {
    const ewa = await kit.promoter();
    for (const emailAddress of ['jan..kowalski@test.pl', 'żaneta@test.pl']) {
      expect(firstError(mgmEmailRules, emailAddress)).toBeNull();
      expect(errorOf(await kit.validate(ewa, emailAddress))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
    }
  });

  it("validate: a device's brand before a product's; products alone give theirs", async () => {
    const ewa = await kit.promoter();
    const both = await kit.consumer({
      items: [
        { kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' },
        { kind: 'asset', brand: 'Glo', model: 'Hyper X2' },
      ],
    });
    expect((await kit.validate(ewa, both.emailAddress)).json().data.brand).toBe('Glo');
    const velo = await kit.consumer({ items: [{ kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' }] });
    expect((await kit.validate(ewa, velo.emailAddress)).json().data.brand).toBe('Velo');
  });

  it('validate: unknown → 404 E_CONSUMER_NOT_FOUND, a club member → E_ALREADY_MEMBER, nothing registered → E_NO_PRODUCTS', async () => {
    const ewa = await kit.promoter();
    expect(errorOf(await kit.validate(ewa, `nikt-${randomBytes(4).toString('hex')}@test.pl`))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
    const member = await kit.consumer({ clubMember: true });
    expect(errorOf(await kit.validate(ewa, member.emailAddress))).toEqual([409, 'E_ALREADY_MEMBER']);
    // On the club's own list (and not left): a member too; one who left is not.
    const listed = await kit.consumer();
    const left = await kit.consumer();
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('inspiration_club_members')
      .values([
        { id: newId(), email_address: listed.emailAddress, consumer_id: listed.id, joined_at: at, left_at: null },
        { id: newId(), email_address: left.emailAddress, consumer_id: left.id, joined_at: at, left_at: at },
      ])
      .execute();
    expect(errorOf(await kit.validate(ewa, listed.emailAddress))).toEqual([409, 'E_ALREADY_MEMBER']);
    expect((await kit.validate(ewa, left.emailAddress)).statusCode).toBe(200);
    const empty = await kit.consumer({ items: [] });
    expect(errorOf(await kit.validate(ewa, empty.emailAddress))).toEqual([422, 'E_NO_PRODUCTS']);
  });

  it("validate: marketing consents missing, withdrawn or given to an older text → E_NO_CONSENTS with the brand and 'missing' / 'outdated'", async () => {
    const ewa = await kit.promoter();
    for (const [consents, expected] of [
      ['none', 'missing'],
      ['withdrawn', 'missing'],
      ['outdated', 'outdated'],
    ] as const) {
      const c = await kit.consumer({ consents });
      const res = await kit.validate(ewa, c.emailAddress);
      expect(errorOf(res)).toEqual([422, 'E_NO_CONSENTS']);
      expect(res.json().data.details).toEqual({ brand: 'Glo', consents: expected });
    }
  });

  it("validate: a bad e-mail is 400 E_VALIDATION with §5's 'Nieprawidłowy adres email'; without a token 401", async () => {
    const ewa = await kit.promoter();
    const bad = await kit.validate(ewa, 'to-nie-email');
    expect(errorOf(bad)).toEqual([400, 'E_VALIDATION']);
    expect(bad.json().data.details).toEqual([
      expect.objectContaining({ path: 'body.consumer.emailAddress', message: 'Nieprawidłowy adres email' }),
    ]);
    expect(errorOf(await post(t.app, '/mgm/validate-consumer', { consumer: {} }, ewa.token))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await kit.validate({ token: '' }, 'a@test.pl'))).toEqual([401, 'E_UNAUTHORIZED']);
  });

  it("update: records the consents (emailOptIn too) as consent records with the catalogue's texts, channel 'mgm', her action and point; then she can invite", async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const res = await kit.update(ewa, c, { emailAddress: c.emailAddress.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ uuid: (await kit.validate(ewa, c.emailAddress)).json().data.uuid });

    const rows = await t.db.selectFrom('consent_records').selectAll().where('consumer_id', '=', c.id).orderBy('field').execute();
    const catalogue = loadCatalogues(t.config.cataloguesFile).catalogues.consents;
    const textOf = (field: string) => catalogue.find((x) => x.field === field)!;
    expect(rows.map((r) => [r.field, Number(r.decision)])).toEqual([
      ['emailOptIn', 1],
      ['hypercareOptIn', 0],
      ['mobileOptIn', 1],
      ['newsletterCommercialAuthorization', 1],
      ['socialMediaOptIn', 1],
    ]);
    for (const r of rows) {
      const text = textOf(r.field === 'emailOptIn' ? 'newsletterCommercialAuthorization' : r.field);
      expect(r).toMatchObject({
        channel: 'mgm',
        text_version: text.version,
        text_hash: text.textHash,
        user_id: ewa.userId,
        action_id: ewa.actionId,
        action_point_id: ewa.pointId,
        lead_id: null,
        recorded_at: t.clock.now().toISOString(),
      });
    }
  });

  it('update: an outdated consent confirmed again lets her invite', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'outdated' });
    expect((await kit.validate(ewa, c.emailAddress)).json().data.details).toMatchObject({ consents: 'outdated' });
    t.clock.advance(1000);
    expect((await kit.update(ewa, c)).statusCode).toBe(200);
    expect((await kit.validate(ewa, c.emailAddress)).statusCode).toBe(200);
  });

  it("update: another hostess's code is refused (E_NOT_YOUR_HOSTESS_CODE), so is another brand and a missing required consent; nothing is recorded", async () => {
    const ewa = await kit.promoter();
    const other = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    expect(errorOf(await kit.update(ewa, c, { lastModifiedSource: other.ident }))).toEqual([403, 'E_NOT_YOUR_HOSTESS_CODE']);
    const wrongBrand = await kit.update(ewa, c, { brand: 'Vuse' });
    expect(errorOf(wrongBrand)).toEqual([400, 'E_VALIDATION']);
    expect(wrongBrand.json().data.details).toEqual([expect.objectContaining({ path: 'body.consumer.brand' })]);
    expect(errorOf(await kit.update(ewa, c, { newsletterCommercialAuthorization: false }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await kit.update(ewa, c, { emailOptIn: false }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await kit.update(ewa, { emailAddress: `nikt-${randomBytes(4).toString('hex')}@test.pl` }))).toEqual([
      404,
      'E_CONSUMER_NOT_FOUND',
    ]);
    const rows = await t.db.selectFrom('consent_records').select('id').where('consumer_id', '=', c.id).execute();
    expect(rows).toEqual([]);
  });

  it('update: an Idempotency-Key replay records the consents once', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const key = { 'idempotency-key': `mgm-update-${randomBytes(4).toString('hex')}` };
    const first = await kit.update(ewa, c, {}, key);
    const again = await kit.update(ewa, c, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.db.selectFrom('consent_records').select('id').where('consumer_id', '=', c.id).execute();
    expect(rows).toHaveLength(5);
  });

  it('invite: sends the consumer a Polish SMS with the link, stores the invitation, earns her 10 points and answers data[0]', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer();
    const res = await kit.invite(ewa, c.emailAddress);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as unknown as { uuid: string; points: number; ranking: { balance: number; position: number } }[];
    expect(data).toHaveLength(1);
    const [invitation] = data;
    expect(invitation).toMatchObject({ points: 10, ranking: { balance: 10 } });

    const sms = await kit.smsTo(c.mobileNumber);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', subject: 'Zaproszenie do Inspiration Club' });
    expect(sms[0]!.body).toBe(
      `Zaproszenie do Inspiration Club Glo: dołącz do programu lojalnościowego i korzystaj z jego nagród. https://inspirationclub.example/dolacz?zaproszenie=${invitation!.uuid}`,
    );
    const stored = await t.db.selectFrom('mgm_invitations').selectAll().where('consumer_id', '=', c.id).execute();
    expect(stored).toEqual([
      {
        id: invitation!.uuid,
        user_id: ewa.userId,
        consumer_id: c.id,
        action_id: ewa.actionId,
        points: 10,
        created_at: t.clock.now().toISOString(),
      },
    ]);
    expect((await kit.maybeJoin(ewa)).json().data.ranking).toEqual(invitation!.ranking);
  });

  it('invite: the same consumer again — by her or by anyone — is E_ALREADY_INVITED, and validate says so too; one SMS only', async () => {
    const ewa = await kit.promoter();
    const other = await kit.promoter();
    const c = await kit.consumer();
    expect((await kit.invite(ewa, c.emailAddress)).statusCode).toBe(200);
    expect(errorOf(await kit.invite(ewa, c.emailAddress))).toEqual([409, 'E_ALREADY_INVITED']);
    expect(errorOf(await kit.invite(other, c.emailAddress))).toEqual([409, 'E_ALREADY_INVITED']);
    expect(errorOf(await kit.validate(other, c.emailAddress))).toEqual([409, 'E_ALREADY_INVITED']);
    expect(await kit.smsTo(c.mobileNumber)).toHaveLength(1);
    expect((await kit.maybeJoin(other)).json().data.ranking).toMatchObject({ balance: 0 });
  });

  it('invite: two promoters inviting one consumer at once — one invitation, one SMS, the other E_ALREADY_INVITED', async () => {
    const [ewa, ola] = [await kit.promoter(), await kit.promoter()];
    const c = await kit.consumer();
    const answers = await Promise.all([kit.invite(ewa, c.emailAddress), kit.invite(ola, c.emailAddress)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().data.error).toBe('E_ALREADY_INVITED');
    expect(await kit.smsTo(c.mobileNumber)).toHaveLength(1);
  });

  it('invite: refused like validate — no consents, a member, no products, unknown, a bad e-mail — with no SMS', async () => {
    const ewa = await kit.promoter();
    const none = await kit.consumer({ consents: 'none' });
    expect(errorOf(await kit.invite(ewa, none.emailAddress))).toEqual([422, 'E_NO_CONSENTS']);
    const member = await kit.consumer({ clubMember: true });
    expect(errorOf(await kit.invite(ewa, member.emailAddress))).toEqual([409, 'E_ALREADY_MEMBER']);
    const empty = await kit.consumer({ items: [] });
    expect(errorOf(await kit.invite(ewa, empty.emailAddress))).toEqual([422, 'E_NO_PRODUCTS']);
    expect(errorOf(await kit.invite(ewa, `nikt-${randomBytes(4).toString('hex')}@test.pl`))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
    expect(errorOf(await kit.invite(ewa, 'zly@adres'))).toEqual([400, 'E_VALIDATION']);
    for (const c of [none, member, empty]) expect(await kit.smsTo(c.mobileNumber)).toEqual([]);
    expect((await kit.maybeJoin(ewa)).json().data.ranking).toMatchObject({ balance: 0 });
  });

  it('invite: an Idempotency-Key replay answers the first answer; one invitation, one SMS, 10 points', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer();
    const key = { 'idempotency-key': `mgm-invite-${randomBytes(4).toString('hex')}` };
    const first = await kit.invite(ewa, c.emailAddress, key);
    const again = await kit.invite(ewa, c.emailAddress, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await kit.smsTo(c.mobileNumber)).toHaveLength(1);
    expect((await kit.maybeJoin(ewa)).json().data.ranking).toMatchObject({ balance: 10 });
  });

  it(`invite: ${MGM_INVITES_PER_HOUR} invitations an hour per promoter, the next is E_INVITE_LIMIT (no SMS); an hour later she may again; others are not limited`, async () => {
    const ewa = await kit.promoter();
    const consumers = [];
    for (let i = 0; i < MGM_INVITES_PER_HOUR + 2; i++) consumers.push(await kit.consumer());
    for (const c of consumers.slice(0, MGM_INVITES_PER_HOUR)) expect((await kit.invite(ewa, c.emailAddress)).statusCode).toBe(200);
    const over = consumers[MGM_INVITES_PER_HOUR]!;
    expect(errorOf(await kit.invite(ewa, over.emailAddress))).toEqual([429, 'E_INVITE_LIMIT']);
    expect(errorOf(await kit.invite(ewa, over.emailAddress))).toEqual([429, 'E_INVITE_LIMIT']);
    expect(await kit.smsTo(over.mobileNumber)).toEqual([]);
    // Another promoter's invitations are counted apart.
    const ola = await kit.promoter();
    expect((await kit.invite(ola, consumers[MGM_INVITES_PER_HOUR + 1]!.emailAddress)).statusCode).toBe(200);

    t.clock.advance(3_600_000);
    expect((await kit.invite(ewa, over.emailAddress)).statusCode).toBe(200);
    expect((await kit.maybeJoin(ewa)).json().data.ranking).toMatchObject({ balance: (MGM_INVITES_PER_HOUR + 1) * 10 });
  });

  it(`the registry cannot be probed: ${MGM_LOOKUPS_PER_HOUR} look-ups by e-mail an hour per promoter (validate, update, invite), the next is 429 E_TOO_MANY_REQUESTS; others are not limited; an hour later she may again`, async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer();
    const nobody = () => `nikt-${randomBytes(4).toString('hex')}@test.pl`;
    for (let i = 0; i < MGM_LOOKUPS_PER_HOUR; i++) expect((await kit.validate(ewa, nobody())).statusCode).toBe(404);
    expect(errorOf(await kit.validate(ewa, c.emailAddress))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(errorOf(await kit.update(ewa, c))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(errorOf(await kit.invite(ewa, c.emailAddress))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    expect(await kit.smsTo(c.mobileNumber)).toEqual([]);
    expect((await kit.validate(await kit.promoter(), c.emailAddress)).statusCode).toBe(200);

    t.clock.advance(3_600_000);
    expect((await kit.validate(ewa, c.emailAddress)).statusCode).toBe(200);
  });

  it('her points are her own: another promoter sees his own balance, never hers', async () => {
    const anna = await kit.promoter();
    const piotr = await kit.promoter();
    for (let i = 0; i < 2; i++) expect((await kit.invite(anna, (await kit.consumer()).emailAddress)).statusCode).toBe(200);
    expect((await kit.maybeJoin(anna)).json().data.ranking).toMatchObject({ balance: 20 });
    const his = (await kit.maybeJoin(piotr)).json().data.ranking as { balance: number; position: number };
    const hers = (await kit.maybeJoin(anna)).json().data.ranking as { balance: number; position: number };
    expect(his.balance).toBe(0);
    expect(his.position).toBeGreaterThan(hers.position);
  });

  it("logs no consumer's personal data (e-mail, number, name) while checking, recording and inviting", async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none', firstName: 'Bożydar', lastName: 'Zgodny' });
    await kit.validate(ewa, c.emailAddress);
    await kit.update(ewa, c);
    await kit.invite(ewa, c.emailAddress);
    expect(logLines.length).toBeGreaterThan(0);
    const logged = logLines.join('\n');
    for (const secret of [c.emailAddress, c.mobileNumber, c.mobileNumber.slice(3), 'Bożydar', 'Zgodny'])
      expect(logged).not.toContain(secret);
  });
});

describe.each(testDatabases)('member-get-member ranking (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const kit = mgmKit(() => t);

  it('ranks promoters by points: more points first, ties share a place, 0 points after everyone with points', async () => {
    const [ala, ela, ola, iza] = [await kit.promoter(), await kit.promoter(), await kit.promoter(), await kit.promoter()];
    const inviteAs = async (p: Promoter, count: number) => {
      for (let i = 0; i < count; i++) expect((await kit.invite(p, (await kit.consumer()).emailAddress)).statusCode).toBe(200);
    };
    const rankingOf = async (p: Promoter) => (await kit.maybeJoin(p)).json().data.ranking;

    // Nobody has points: everyone shares the first place.
    expect(await rankingOf(iza)).toEqual({ balance: 0, position: 1 });
    await inviteAs(ala, 3);
    await inviteAs(ela, 3);
    await inviteAs(ola, 1);
    expect(await rankingOf(ala)).toEqual({ balance: 30, position: 1 });
    expect(await rankingOf(ela)).toEqual({ balance: 30, position: 1 });
    expect(await rankingOf(ola)).toEqual({ balance: 10, position: 3 });
    expect(await rankingOf(iza)).toEqual({ balance: 0, position: 4 });

    // Her next invitation answers her new place: ahead of the tie.
    const res = await kit.invite(ela, (await kit.consumer()).emailAddress);
    expect(res.json().data).toEqual([expect.objectContaining({ points: 10, ranking: { balance: 40, position: 1 } })]);
    expect(await rankingOf(ala)).toEqual({ balance: 30, position: 2 });
  });
});

describe.each(testDatabases)("member-get-member: the demo seed's consumers (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(() => t.close());

  it('Anna (during her started action) meets every answer of validate with the e-mails the README lists', async () => {
    const token = await loginAs(t.app, 'anna@demo.pl', DEMO_PASSWORD);
    const validate = (emailAddress: string) => post(t.app, '/mgm/validate-consumer', { consumer: { emailAddress } }, token);
    expect((await post(t.app, '/mgm/maybe-join', undefined, token)).json().data).toEqual({
      mayJoin: true,
      ranking: { balance: 0, position: 2 },
    });
    expect((await validate('polecenie.mozliwe@demo.pl')).json().data).toMatchObject({ brand: 'Glo' });
    expect(errorOf(await validate('polecenie.klub@demo.pl'))).toEqual([409, 'E_ALREADY_MEMBER']);
    expect(errorOf(await validate('klientka.glo@demo.pl'))).toEqual([409, 'E_ALREADY_MEMBER']);
    expect((await validate('polecenie.bez.zgod@demo.pl')).json().data).toMatchObject({
      error: 'E_NO_CONSENTS',
      details: { brand: 'Vuse', consents: 'missing' },
    });
    expect((await validate('polecenie.stare.zgody@demo.pl')).json().data).toMatchObject({
      error: 'E_NO_CONSENTS',
      details: { brand: 'Velo', consents: 'outdated' },
    });
    expect(errorOf(await validate('polecenie.bez.produktow@demo.pl'))).toEqual([422, 'E_NO_PRODUCTS']);
    expect(errorOf(await validate('polecenie.zaproszona@demo.pl'))).toEqual([409, 'E_ALREADY_INVITED']);
    expect(errorOf(await validate('ktokolwiek.inny@demo.pl'))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
  });

  it("Piotr's seeded invitation is his 10 points, at the top", async () => {
    const token = await loginAs(t.app, 'piotr@demo.pl', DEMO_PASSWORD);
    expect((await post(t.app, '/mgm/maybe-join', undefined, token)).json().data).toEqual({
      mayJoin: true,
      ranking: { balance: 10, position: 1 },
    });
  });
});
