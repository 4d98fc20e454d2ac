import { randomBytes } from 'node:crypto';
import { firstError, mgmEmailRules } from '@promotor/contract/rules';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';
import { errorOf, mgmKit, type Promoter } from '../../test/mgm.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { loadCatalogues } from '../catalogues/catalogues.service.ts';
import { MGM_INVITES_PER_HOUR } from './mgm.service.ts';

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

  it('validate: a consumer who can be invited answers only a token — not her brand, never her personal data; the e-mail in any case', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }] });
    const res = await kit.validate(ewa, c.emailAddress.toUpperCase());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data)).toEqual(['uuid']);
    expect(res.body).not.toContain('Vuse');
    expect(data).toMatchObject({
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

  it("confirm: her brand, told once she confirmed, is a device's before a product's; products alone give theirs", async () => {
    const ewa = await kit.promoter();
    const both = await kit.consumer({
      items: [
        { kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' },
        { kind: 'asset', brand: 'Glo', model: 'Hyper X2' },
      ],
    });
    expect((await kit.updateAndConfirm(ewa, both)).json().data.brand).toBe('Glo');
    const velo = await kit.consumer({ items: [{ kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' }] });
    expect((await kit.updateAndConfirm(ewa, velo)).json().data.brand).toBe('Velo');
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

  it('validate: consents missing or withdrawn → E_NO_CONSENTS, given to an older text → E_CONSENTS_OUTDATED; neither tells her brand or consents', async () => {
    const ewa = await kit.promoter();
    for (const [consents, expected] of [
      ['none', 'E_NO_CONSENTS'],
      ['withdrawn', 'E_NO_CONSENTS'],
      ['outdated', 'E_CONSENTS_OUTDATED'],
    ] as const) {
      const c = await kit.consumer({ consents });
      const res = await kit.validate(ewa, c.emailAddress);
      expect(errorOf(res)).toEqual([422, expected]);
      expect(res.json().data.details).toBeUndefined();
      expect(res.body).not.toContain('Glo');
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

  it("update + confirm: the confirmed consents (emailOptIn too) are consent records with the catalogue's texts, channel 'mgm', her action and point", async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const res = await kit.update(ewa, c, { emailAddress: c.emailAddress.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.uuid;
    t.clock.advance(60_000);
    const confirmed = await kit.confirm(ewa, c.emailAddress, await kit.codeSentTo(c.mobileNumber));
    expect(confirmed.json().data).toEqual({ uuid: token, brand: 'Glo' });
    expect((await kit.validate(ewa, c.emailAddress)).json().data).toEqual({ uuid: token });

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
        mgm_confirmation_id: expect.any(String),
      });
    }
  });

  it('update: an outdated consent confirmed again lets her invite', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'outdated' });
    expect(errorOf(await kit.validate(ewa, c.emailAddress))).toEqual([422, 'E_CONSENTS_OUTDATED']);
    t.clock.advance(1000);
    expect((await kit.updateAndConfirm(ewa, c)).statusCode).toBe(200);
    expect((await kit.validate(ewa, c.emailAddress)).statusCode).toBe(200);
  });

  it("update: another hostess's code is refused (E_NOT_YOUR_HOSTESS_CODE), so is a missing required consent; no code is sent", async () => {
    const ewa = await kit.promoter();
    const other = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    expect(errorOf(await kit.update(ewa, c, { lastModifiedSource: other.ident }))).toEqual([403, 'E_NOT_YOUR_HOSTESS_CODE']);
    expect(errorOf(await kit.update(ewa, c, { newsletterCommercialAuthorization: false }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await kit.update(ewa, c, { emailOptIn: false }))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await kit.update(ewa, { emailAddress: `nikt-${randomBytes(4).toString('hex')}@test.pl` }))).toEqual([
      404,
      'E_CONSUMER_NOT_FOUND',
    ]);
    expect(await kit.smsTo(c.mobileNumber)).toEqual([]);
    const rows = await t.db.selectFrom('consent_records').select('id').where('consumer_id', '=', c.id).execute();
    expect(rows).toEqual([]);
  });

  it("update: the body's brand is not checked, so it tells nobody her brand (any brand, or none, is answered alike)", async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const answers = [
      await kit.update(ewa, c, { brand: 'Vuse' }),
      await kit.update(ewa, c, { brand: 'Glo' }),
      await kit.update(ewa, c, { brand: undefined }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.replace(/"ts":"[^"]*"/, ''))).size).toBe(1);
  });

  it('update and confirm: an Idempotency-Key replay sends one code and records the consents once', async () => {
    const ewa = await kit.promoter();
    const c = await kit.consumer({ consents: 'none' });
    const key = { 'idempotency-key': `mgm-update-${randomBytes(4).toString('hex')}` };
    const first = await kit.update(ewa, c, {}, key);
    const again = await kit.update(ewa, c, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await kit.smsTo(c.mobileNumber)).toHaveLength(1);
    const confirmKey = { 'idempotency-key': `mgm-confirm-${randomBytes(4).toString('hex')}` };
    const code = await kit.codeSentTo(c.mobileNumber);
    expect((await kit.confirm(ewa, c.emailAddress, code, confirmKey)).statusCode).toBe(200);
    expect((await kit.confirm(ewa, c.emailAddress, code, confirmKey)).statusCode).toBe(200);
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
  }, 60_000); // 22 consumers and 23 invitations, one after another

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
    await kit.updateAndConfirm(ewa, c);
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
