import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAction, buildPromoter, buildSignedInPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';

type Signed = Awaited<ReturnType<typeof buildSignedInStaff>>;

describe.each(testDatabases)('back office: promoters (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Signed;
  let wawCoordinator: Signed;
  let krkCoordinator: Signed;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
  });
  afterAll(() => t.close());

  const newPromoter = (territories: string[]) => ({
    promoter: {
      firstname: 'Zofia',
      lastname: 'Żółć',
      username: `zofia-${Math.random().toString(36).slice(2)}@test.pl`,
      mobilePhone: '+48 600 700 800',
      territories,
      password: 'haslo-startowe-1',
    },
  });

  it('a coordinator creates a promoter of her territory, who can log in at once', async () => {
    const body = newPromoter([waw]);
    const res = await post(t.app, '/admin/promoters/create', body, wawCoordinator.token);
    expect(res.statusCode, res.body).toBe(200);
    const promoter = res.json().data.promoter;
    expect(promoter).toMatchObject({ username: body.promoter.username, mobilePhone: '+48600700800', territories: [waw], active: true });
    expect(promoter.ident).toMatch(/^HST\d{6}$/);
    await loginAs(t.app, body.promoter.username, 'haslo-startowe-1');
  });

  it.each([
    ['600 123 456', '+48600123456'],
    ['600-123-456', '+48600123456'],
    ['(+48) 600 123 456', '+48600123456'],
    ['0048 600 123 456', '+48600123456'],
    ['+49 151 2345 6789', '+4915123456789'],
  ])('a phone typed %s is kept as %s (decision 114)', async (typed, kept) => {
    const body = newPromoter([waw]);
    const res = await post(t.app, '/admin/promoters/create', { promoter: { ...body.promoter, mobilePhone: typed } }, wawCoordinator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.promoter.mobilePhone).toBe(kept);
  });

  it('a repeated create with the same Idempotency-Key answers the first answer and makes one promoter', async () => {
    const body = newPromoter([waw]);
    const headers = { 'idempotency-key': `create-${Math.random()}` };
    const first = await post(t.app, '/admin/promoters/create', body, admin.token, headers);
    const again = await post(t.app, '/admin/promoters/create', body, admin.token, headers);
    expect(again.json().data.promoter.uuid).toBe(first.json().data.promoter.uuid);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const stored = await t.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(stored.some((r) => r.response_body?.includes('haslo-startowe-1'))).toBe(false);
  });

  it('refuses a password too short, a bad phone, an unknown territory and a taken username — with 4xx codes', async () => {
    const short = await post(
      t.app,
      '/admin/promoters/create',
      { promoter: { ...newPromoter([waw]).promoter, password: 'abc' } },
      admin.token,
    );
    expect([short.statusCode, short.json().data.error]).toEqual([400, 'E_VALIDATION']);
    const phone = await post(
      t.app,
      '/admin/promoters/create',
      { promoter: { ...newPromoter([waw]).promoter, mobilePhone: '123' } },
      admin.token,
    );
    expect([phone.statusCode, phone.json().data.error]).toEqual([400, 'E_VALIDATION']);
    const unknown = await post(t.app, '/admin/promoters/create', newPromoter(['NIE-MA-TAKIEGO']), admin.token);
    expect([unknown.statusCode, unknown.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    const taken = await buildPromoter(t);
    const dup = await post(
      t.app,
      '/admin/promoters/create',
      { promoter: { ...newPromoter([waw]).promoter, username: taken.username } },
      admin.token,
    );
    expect([dup.statusCode, dup.json().data.error]).toEqual([409, 'E_USERNAME_TAKEN']);
  });

  it('two creates of one username at once make one promoter; the other is E_USERNAME_TAKEN', async () => {
    const body = newPromoter([waw]);
    const answers = await Promise.all([1, 2].map(() => post(t.app, '/admin/promoters/create', body, admin.token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().data.error).toBe('E_USERNAME_TAKEN');
  });

  it('promoters given one new username at once: one gets it, the others are E_USERNAME_TAKEN', async () => {
    const promoters = [];
    for (let i = 0; i < 4; i++) promoters.push(await buildPromoter(t, { territories: [waw] }));
    const username = `wspolna-${Math.random().toString(36).slice(2)}@test.pl`;
    const answers = await Promise.all(
      promoters.map((p) => post(t.app, '/admin/promoters/update', { promoter: { uuid: p.userId, username } }, admin.token)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().data.error)).toEqual(Array(3).fill('E_USERNAME_TAKEN'));
  });

  it("Kraków's coordinator cannot see, change, deactivate or create Warsaw's promoters", async () => {
    const anna = await buildPromoter(t, { territories: [waw], lastname: 'Warszawianka' });
    const piotr = await buildPromoter(t, { territories: [krk], lastname: 'Krakus' });
    const seen = async (token: string, body = {}) =>
      (await post(t.app, '/admin/promoters/list', { pageSize: 200, ...body }, token))
        .json()
        .data.promoters.map((p: { uuid: string }) => p.uuid);
    expect(await seen(krkCoordinator.token)).toContain(piotr.userId);
    expect(await seen(krkCoordinator.token)).not.toContain(anna.userId);
    expect(await seen(krkCoordinator.token, { territory: waw })).toEqual([]);
    expect(await seen(admin.token)).toEqual(expect.arrayContaining([anna.userId, piotr.userId]));
    for (const [url, body] of [
      ['/admin/promoters/update', { promoter: { uuid: anna.userId, firstname: 'Hacked' } }],
      ['/admin/promoters/deactivate', { promoter: { uuid: anna.userId } }],
      ['/admin/promoters/reset-password', { promoter: { uuid: anna.userId }, password: 'przejete-haslo-1' }],
    ] as const) {
      const res = await post(t.app, url, body, krkCoordinator.token);
      expect([res.statusCode, res.json().data.error]).toEqual([404, 'E_PROMOTER_NOT_FOUND']);
    }
    const create = await post(t.app, '/admin/promoters/create', newPromoter([waw]), krkCoordinator.token);
    expect([create.statusCode, create.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    const moveIn = await post(
      t.app,
      '/admin/promoters/update',
      { promoter: { uuid: piotr.userId, territories: [waw] } },
      krkCoordinator.token,
    );
    expect([moveIn.statusCode, moveIn.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    const untouched = await t.db
      .selectFrom('users')
      .select(['firstname', 'deactivated_at'])
      .where('id', '=', anna.userId)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ firstname: 'Ewa', deactivated_at: null });
  });

  it("a coordinator's change of territories keeps those of the promoter outside hers", async () => {
    const waw2 = await buildTerritory(t, 'WAW');
    const both = await buildPromoter(t, { territories: [waw, krk] });
    await post(t.app, '/admin/promoters/update', { promoter: { uuid: both.userId, territories: [waw2] } }, admin.token);
    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw2, waw] });
    const res = await post(t.app, '/admin/promoters/update', { promoter: { uuid: both.userId, territories: [waw] } }, coordinator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.promoter.territories).toEqual([waw]);
    const mixed = await buildPromoter(t, { territories: [waw, krk] });
    const kept = await post(t.app, '/admin/promoters/update', { promoter: { uuid: mixed.userId, territories: [waw2] } }, coordinator.token);
    expect(kept.json().data.promoter.territories.sort()).toEqual([krk, waw2].sort());
  });

  it('search, territory and active filter the list, a page at a time', async () => {
    const territory = await buildTerritory(t, 'GDA');
    const a = await buildPromoter(t, { territories: [territory], lastname: 'Abecka' });
    const b = await buildPromoter(t, { territories: [territory], lastname: 'Bakowska' });
    await post(t.app, '/admin/promoters/deactivate', { promoter: { uuid: b.userId } }, admin.token);
    const list = async (body: object) => (await post(t.app, '/admin/promoters/list', { territory, ...body }, admin.token)).json().data;
    expect((await list({})).promoters.map((p: { uuid: string }) => p.uuid)).toEqual([a.userId, b.userId]);
    expect((await list({ active: true })).promoters.map((p: { uuid: string }) => p.uuid)).toEqual([a.userId]);
    expect((await list({ active: false })).promoters.map((p: { uuid: string }) => p.uuid)).toEqual([b.userId]);
    expect((await list({ search: b.ident.toLowerCase() })).promoters.map((p: { uuid: string }) => p.uuid)).toEqual([b.userId]);
    expect(await list({ pageSize: 1, page: 2 })).toMatchObject({ total: 2, page: 2, pageSize: 1, promoters: [{ uuid: b.userId }] });
    expect((await list({ search: '%' })).promoters).toEqual([]);
  });

  it('deactivation ends her sessions at once and refuses her login; her actions stay', async () => {
    const promoter = await buildSignedInPromoter(t, { territories: [waw] });
    const action = await buildAction(t, promoter);
    const res = await post(t.app, '/admin/promoters/deactivate', { promoter: { uuid: promoter.userId } }, wawCoordinator.token);
    expect(res.json().data.promoter.active).toBe(false);
    const after = await post(t.app, '/action/recent', undefined, promoter.token);
    expect([after.statusCode, after.json().data.error]).toEqual([401, 'E_UNAUTHORIZED']);
    const login = await post(t.app, '/auth/login', { username: promoter.username, password: promoter.password });
    expect([login.statusCode, login.json().data.error]).toEqual([403, 'E_ACCOUNT_DEACTIVATED']);
    const assignment = await t.db.selectFrom('action_assignments').select('action_id').where('user_id', '=', promoter.userId).execute();
    expect(assignment).toEqual([{ action_id: action.uuid }]);
  });

  describe('deactivation by a coordinator takes off her territories only (decision 121)', () => {
    // Territories of their own: a promoter of two is seen by both coordinators, which other tests (in
    // a shuffled order) do not expect of Warsaw's and Kraków's.
    let waw: string;
    let krk: string;
    let wawCoordinator: Signed;
    let krkCoordinator: Signed;
    beforeAll(async () => {
      waw = await buildTerritory(t, 'WAW');
      krk = await buildTerritory(t, 'KRK');
      wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
      krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    });
    const deactivate = (uuid: string, token: string) => post(t.app, '/admin/promoters/deactivate', { promoter: { uuid } }, token);
    const listed = async (token: string, uuid: string) =>
      (await post(t.app, '/admin/promoters/list', { pageSize: 100 }, token))
        .json()
        .data.promoters.some((p: { uuid: string }) => p.uuid === uuid);
    const audited = async (uuid: string) =>
      (
        await t.db
          .selectFrom('audit_log')
          .select('details')
          .where('object_id', '=', uuid)
          .where('verb', '=', 'promoters.deactivate')
          .execute()
      ).map((e) => JSON.parse(e.details!));

    it("Warsaw's coordinator on a promoter of Warsaw and Kraków: she loses Warsaw, stays active and leaves the Warsaw list", async () => {
      const both = await buildSignedInPromoter(t, { territories: [waw, krk] });
      const res = await deactivate(both.userId, wawCoordinator.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.promoter).toMatchObject({ territories: [krk], active: true });
      expect(await listed(wawCoordinator.token, both.userId)).toBe(false);
      expect(await listed(krkCoordinator.token, both.userId)).toBe(true);
      expect((await post(t.app, '/action/recent', undefined, both.token)).statusCode).toBe(200);
      await loginAs(t.app, both.username, both.password);
      expect(await audited(both.userId)).toEqual([{ removedTerritories: [waw], territoriesLeft: [krk], deactivated: false }]);
      // Out of her scope now: a second try is a promoter she does not know.
      const again = await deactivate(both.userId, wawCoordinator.token);
      expect([again.statusCode, again.json().data.error]).toEqual([404, 'E_PROMOTER_NOT_FOUND']);
    });

    it("Warsaw's coordinator on a Warsaw-only promoter deactivates her; she keeps Warsaw and is listed inactive", async () => {
      const only = await buildSignedInPromoter(t, { territories: [waw] });
      const res = await deactivate(only.userId, wawCoordinator.token);
      expect(res.json().data.promoter).toMatchObject({ territories: [waw], active: false });
      expect((await post(t.app, '/action/recent', undefined, only.token)).statusCode).toBe(401);
      expect(await listed(wawCoordinator.token, only.userId)).toBe(true);
      expect(await audited(only.userId)).toEqual([{ deactivated: true }]);
    });

    it("Kraków's coordinator on a Warsaw-only promoter: 404, nothing changes", async () => {
      const only = await buildSignedInPromoter(t, { territories: [waw] });
      const res = await deactivate(only.userId, krkCoordinator.token);
      expect([res.statusCode, res.json().data.error]).toEqual([404, 'E_PROMOTER_NOT_FOUND']);
      expect((await post(t.app, '/action/recent', undefined, only.token)).statusCode).toBe(200);
      expect(await audited(only.userId)).toEqual([]);
    });

    it('the admin deactivates a promoter of Warsaw and Kraków for everyone; her territories stay', async () => {
      const both = await buildSignedInPromoter(t, { territories: [waw, krk] });
      const res = await deactivate(both.userId, admin.token);
      expect(res.json().data.promoter).toMatchObject({ territories: [krk, waw].sort(), active: false });
      expect((await post(t.app, '/action/recent', undefined, both.token)).statusCode).toBe(401);
      expect(await audited(both.userId)).toEqual([{ deactivated: true }]);
    });

    it("both coordinators at once on a promoter of both: one takes hers off, the other's leaves her deactivated", async () => {
      const both = await buildSignedInPromoter(t, { territories: [waw, krk] });
      const answers = await Promise.all([deactivate(both.userId, wawCoordinator.token), deactivate(both.userId, krkCoordinator.token)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const row = await t.db.selectFrom('users').select('deactivated_at').where('id', '=', both.userId).executeTakeFirstOrThrow();
      expect(row.deactivated_at).not.toBeNull();
      const left = await t.db.selectFrom('user_territories').select('territory_id').where('user_id', '=', both.userId).execute();
      expect(left).toHaveLength(1);
      const details = await audited(both.userId);
      expect(details.map((d) => d.deactivated).sort()).toEqual([false, true]);
    });
  });

  it('a session left by a login racing her deactivation does not work: the guard refuses a deactivated promoter', async () => {
    // The login read her as active, checked her password (slow), and wrote its session after the
    // deactivation had ended her sessions: the row a racing login leaves, made here directly.
    const promoter = await buildSignedInPromoter(t, { territories: [waw] });
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', promoter.userId).execute();
    const after = await post(t.app, '/auth/session', undefined, promoter.token);
    expect([after.statusCode, after.json().data.error]).toEqual([401, 'E_UNAUTHORIZED']);
  });

  it('a password reset ends her sessions; the new password works', async () => {
    const promoter = await buildSignedInPromoter(t, { territories: [waw] });
    const res = await post(
      t.app,
      '/admin/promoters/reset-password',
      { promoter: { uuid: promoter.userId }, password: 'nowe-haslo-777' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(t.app, '/action/recent', undefined, promoter.token)).statusCode).toBe(401);
    await loginAs(t.app, promoter.username, 'nowe-haslo-777');
  });

  it('each change is in the audit log: who, from where, what, and never a password', async () => {
    const created = (await post(t.app, '/admin/promoters/create', newPromoter([waw]), wawCoordinator.token)).json().data.promoter;
    await post(t.app, '/admin/promoters/update', { promoter: { uuid: created.uuid, lastname: 'Nowak' } }, wawCoordinator.token);
    await post(
      t.app,
      '/admin/promoters/reset-password',
      { promoter: { uuid: created.uuid }, password: 'sekretne-haslo-9' },
      wawCoordinator.token,
    );
    await post(t.app, '/admin/promoters/deactivate', { promoter: { uuid: created.uuid } }, wawCoordinator.token);
    const entries = await t.db.selectFrom('audit_log').selectAll().where('object_id', '=', created.uuid).orderBy('at').execute();
    expect(entries.map((e) => e.verb).sort()).toEqual([
      'promoters.create',
      'promoters.deactivate',
      'promoters.reset_password',
      'promoters.update',
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({
        actor_type: 'staff',
        actor_id: wawCoordinator.staffId,
        actor_roles: 'coordinator',
        object_type: 'promoter',
        address: '127.0.0.1',
      });
      expect(e.details ?? '').not.toContain('haslo');
    }
    const update = entries.find((e) => e.verb === 'promoters.update')!;
    expect(JSON.parse(update.details!)).toEqual({ lastname: { from: 'Żółć', to: 'Nowak' } });
    expect(await auditEntries(t, 'promoters.create')).not.toHaveLength(0);
  });
});
