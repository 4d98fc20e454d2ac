import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPromoter, buildSignedInPromoter } from '../../test/builders.ts';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32, item 9 (decision 109): each role reads the audit entries its permissions cover. The privacy
// officer does not read promoters' accounts (their phones, usernames, territories) through the log; the
// administrator does not read the officer's look-ups of consumers.

type Signed = Awaited<ReturnType<typeof buildSignedInStaff>>;
type Entry = { verb: string; object: { type: string; uuid: string | null } | null; actor: { type: string }; details: string | null };

const PHONE = '+48601202303';

describe.each(testDatabases)('who reads which audit entries (%s)', (dialect) => {
  let t: TestApp;
  let admin: Signed;
  let privacy: Signed;
  let both: Signed;
  let coordinator: Signed;
  let promoterId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const waw = await buildTerritory(t, 'WAW');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
    both = await buildSignedInStaff(t, { roles: ['admin', 'privacy'] });
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    promoterId = (await buildPromoter(t, { territories: [waw] })).userId;
    const calls: [string, unknown, string][] = [
      // promoters.update: her phone, from and to.
      ['/admin/promoters/update', { promoter: { uuid: promoterId, mobilePhone: PHONE } }, coordinator.token],
      // consumers.find: the officer's reason.
      ['/admin/consumers/find', { emailAddress: 'nikt-taki@test.pl', reason: 'Wniosek z 3 marca' }, privacy.token],
      // access.not_found on a promoter; access.not_found on a territory; access.denied on a route.
      ['/admin/promoters/deactivate', { promoter: { uuid: randomUUID() } }, coordinator.token],
      ['/admin/dashboard', { from: '2030-01-01', to: '2030-01-31', territory: 'NIE-MA-TAKIEGO' }, coordinator.token],
      ['/admin/audit/list', {}, coordinator.token],
    ];
    for (const [url, body, token] of calls) await post(t.app, url, body, token);
    // access.denied by a promoter's token: her id is the actor.
    await post(t.app, '/admin/promoters/list', {}, (await buildSignedInPromoter(t)).token);
  });
  afterAll(() => t.close());

  const read = async (reader: Signed, body: object = {}) => {
    const res = await post(t.app, '/admin/audit/list', { pageSize: 200, ...body }, reader.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { total: number; entries: Entry[] };
    expect(data.total).toBe(data.entries.length);
    return { text: res.body, entries: data.entries, kinds: new Set(data.entries.map((e) => `${e.verb} ${e.object?.type ?? '-'}`)) };
  };

  it("the data-protection officer reads the look-ups of consumers and the refusals, never a promoter's account", async () => {
    const { text, entries, kinds } = await read(privacy);
    expect([...kinds].sort()).toEqual(['access.denied -', 'access.not_found territory', 'consumers.find consumer'].sort());
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(promoterId);
    expect(entries.some((e) => e.actor.type === 'promoter')).toBe(false);
  });

  it("the administrator reads promoters' accounts, logins and every refusal, never the officer's look-ups", async () => {
    const { text, entries, kinds } = await read(admin);
    expect(kinds).toEqual(
      new Set([
        'auth.login staff_session',
        'promoters.update promoter',
        'access.not_found promoter',
        'access.not_found territory',
        'access.denied -',
      ]),
    );
    expect(text).toContain(PHONE);
    expect(text).not.toContain('Wniosek z 3 marca');
    expect(entries.some((e) => e.actor.type === 'promoter')).toBe(true);
  });

  it('one holding both roles reads both', async () => {
    const { kinds } = await read(both);
    expect(kinds).toEqual(new Set([...(await read(admin)).kinds, ...(await read(privacy)).kinds]));
  });

  it('a filter for what she may not read finds nothing, as a filter for what does not exist', async () => {
    for (const body of [{ verb: 'promoters.update' }, { objectType: 'promoter' }, { objectType: 'promoter', objectId: promoterId }]) {
      expect((await read(privacy, body)).entries, JSON.stringify(body)).toEqual([]);
    }
    expect((await read(admin, { verb: 'consumers.find' })).entries).toEqual([]);
    expect((await read(admin, { verb: 'promoters.update' })).entries).toHaveLength(1);
  });

  it('a coordinator and the brand’s viewer read none of it', async () => {
    const client = await buildSignedInStaff(t, { roles: ['client'] });
    for (const reader of [coordinator, client]) {
      const res = await post(t.app, '/admin/audit/list', {}, reader.token);
      expect([res.statusCode, res.json().data.error]).toEqual([403, 'E_FORBIDDEN']);
    }
  });
});
