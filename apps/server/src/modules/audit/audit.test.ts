import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAction, buildPromoter } from '../../test/builders.ts';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

type Signed = Awaited<ReturnType<typeof buildSignedInStaff>>;

describe.each(testDatabases)('the audit log (%s)', (dialect) => {
  let t: TestApp;
  let admin: Signed;
  let privacy: Signed;
  let coordinator: Signed;
  let promoterId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const territory = await buildTerritory(t, 'WAW');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
    promoterId = (await buildPromoter(t, { territories: [territory] })).userId;
    // A second between the steps, so that `at` differs (the period test reads it); one instant is below.
    t.clock.advance(1000);
    await post(t.app, '/admin/promoters/update', { promoter: { uuid: promoterId, firstname: 'Iga' } }, coordinator.token);
    t.clock.advance(1000);
    await post(t.app, '/admin/audit/list', {}, coordinator.token); // refused: audited
  });
  afterAll(() => t.close());

  const list = async (body: object, token = admin.token) => {
    const res = await post(t.app, '/admin/audit/list', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('answers who did what to which object, when and from where, filtered by actor, verb and object', async () => {
    const data = await list({ actor: coordinator.username });
    const verbs = data.entries.map((e: { verb: string }) => e.verb);
    expect(verbs).toEqual(['access.denied', 'promoters.update', 'auth.login']);
    const update = data.entries[1];
    expect(update).toMatchObject({
      actor: { type: 'staff', uuid: coordinator.staffId, name: coordinator.username, roles: ['coordinator'] },
      // The object by its name (issue 33): the promoter's name as it is now.
      object: { type: 'promoter', uuid: promoterId, name: 'Iga Testowa', day: null },
      address: '127.0.0.1',
    });
    expect(JSON.parse(update.details)).toEqual({ firstname: { from: 'Ewa', to: 'Iga' } });
    const byObject = await list({ objectType: 'promoter', objectId: promoterId });
    expect(byObject.entries.map((e: { verb: string }) => e.verb)).toEqual(['promoters.update']);
    expect((await list({ verb: 'access.denied' })).entries[0].details).toContain('/api/admin/audit/list');
  });

  it('names each object as a person calls it (an action by its name); one without a name to show has none', async () => {
    const territory = await buildTerritory(t, 'KRK');
    const promoter = await buildPromoter(t, { territories: [territory] });
    const action = await buildAction(t, promoter, { name: 'Promocja glo — Złote Tarasy' });
    const cancel = await post(t.app, '/admin/actions/cancel', { action: { uuid: action.uuid } }, admin.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [cancelled] = (await list({ verb: 'actions.cancel', objectId: action.uuid })).entries;
    expect(cancelled.object).toEqual({
      type: 'action',
      uuid: action.uuid,
      name: 'Promocja glo — Złote Tarasy',
      day: action.since.slice(0, 10),
    });
    const [login] = (await list({ actor: coordinator.username, verb: 'auth.login' })).entries;
    expect(login.object).toMatchObject({ type: 'staff_session', name: null });
  });

  it('entries written within one clock tick are listed in the order they were written (issue 40)', async () => {
    const territory = await buildTerritory(t, 'WAW');
    const other = (await buildPromoter(t, { territories: [territory] })).userId;
    const names = ['Ala', 'Ola', 'Ela', 'Iza', 'Ula', 'Ewa'];
    // The clock stands still: every entry has the same `at`, and random ids sort them randomly.
    for (const firstname of names) {
      const res = await post(t.app, '/admin/promoters/update', { promoter: { uuid: other, firstname } }, admin.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const { entries } = await list({ objectType: 'promoter', objectId: other });
    expect(new Set(entries.map((e: { at: string }) => e.at)).size).toBe(1);
    expect(entries.map((e: { details: string }) => JSON.parse(e.details).firstname.to)).toEqual(names.toReversed());
  });

  it('pages and a period: newest first, `to` excluded', async () => {
    const all = await list({ pageSize: 200 });
    expect(all.total).toBe(all.entries.length);
    const page2 = await list({ pageSize: 1, page: 2 });
    expect(page2.entries[0].uuid).toBe(all.entries[1].uuid);
    const at = all.entries[0].at;
    expect((await list({ from: at })).entries.length).toBeGreaterThan(0);
    expect((await list({ to: at, pageSize: 200 })).entries.every((e: { at: string }) => e.at < at)).toBe(true);
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect((await list({ from: future })).total).toBe(0);
  });

  it('the data-protection officer reads it too; bad filters are a 400', async () => {
    expect((await list({}, privacy.token)).total).toBeGreaterThan(0);
    const bad = await post(t.app, '/admin/audit/list', { from: 'wczoraj', pageSize: 5000 }, admin.token);
    expect([bad.statusCode, bad.json().data.error]).toEqual([400, 'E_VALIDATION']);
  });

  it('an entry cannot be changed or deleted by the app', async () => {
    const before = await t.db.selectFrom('audit_log').select(['id', 'verb']).orderBy('id').execute();
    const refused = dialect === 'postgres' ? /permission denied for table audit_log/ : /audit_log is append-only/;
    await expect(sql`update audit_log set verb = 'nic'`.execute(t.db)).rejects.toThrow(refused);
    await expect(sql`delete from audit_log where verb = 'promoters.update'`.execute(t.db)).rejects.toThrow(refused);
    await t.asOwner(async (db) => {
      await expect(sql`update audit_log set verb = 'nic'`.execute(db)).rejects.toThrow(/audit_log is append-only/);
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/audit_log is append-only/);
    });
    expect(await t.db.selectFrom('audit_log').select(['id', 'verb']).orderBy('id').execute()).toEqual(before);
  });
});
