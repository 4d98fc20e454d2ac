import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildEvents, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildPromoter } from '../../test/builders.ts';
import { planCsv, planRow } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/events/* and /api/admin/territories/* (issue 34, decision 123) on both databases: the admin
// makes and renames them, the coordinators read every event and their own territories, the client and
// the privacy officer neither; a taken ident is a 409; each change audited from → to.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('events and territories (%s)', (dialect) => {
  let t: TestApp;
  let admin: Staff;
  let waw: Staff;
  let krk: Staff;
  let client: Staff;
  let privacy: Staff;
  let wawIdent: string;
  let krkIdent: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    wawIdent = await buildTerritory(t, 'WAW');
    krkIdent = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    waw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [wawIdent] });
    krk = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krkIdent] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
    await buildPromoter(t, { territories: [wawIdent] });
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown, by: Staff) =>
    post(t.app, `/admin/${path}`, body, by.token, { 'idempotency-key': randomUUID() });
  const newIdent = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
  const territoryId = async (ident: string) =>
    (await t.db.selectFrom('territories').select('id').where('ident', '=', ident).executeTakeFirstOrThrow()).id;
  const entriesOf = async (verb: string, id: string) => (await auditEntries(t, verb)).filter((e) => e.object_id === id);

  it('the admin adds an event; every planner sees it in the list with its actions and batches counted; the change is audited', async () => {
    const ident = newIdent('EV');
    const created = await call('events/create', { event: { ident, name: '  Kampania wiosenna ' } }, admin);
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json().data.event;
    expect(event).toMatchObject({ ident, name: 'Kampania wiosenna', actions: 0, voucherBatches: 0 });
    for (const by of [admin, waw, krk]) {
      const list = await call('events/list', { search: ident.toLowerCase() }, by);
      expect(list.json().data).toMatchObject({ total: 1, events: [{ uuid: event.uuid, ident }] });
    }
    const [entry] = await entriesOf('events.create', event.uuid);
    expect(JSON.parse(entry!.details!)).toEqual({ ident, name: 'Kampania wiosenna' });
  });

  it("renames an event's ident and name, audited from → to; the same again records nothing", async () => {
    const ident = await buildEvents(t, newIdent('EV'));
    const { id } = await t.db.selectFrom('events').select('id').where('ident', '=', ident).executeTakeFirstOrThrow();
    const next = `${ident}-2026`;
    const body = { event: { uuid: id, ident: next, name: 'Kampania 2026' } };
    const updated = await call('events/update', body, admin);
    expect(updated.json().data.event).toMatchObject({ uuid: id, ident: next, name: 'Kampania 2026' });
    expect((await call('events/update', body, admin)).statusCode).toBe(200);
    const entries = await entriesOf('events.update', id);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.details!)).toEqual({ ident: { from: ident, to: next }, name: { from: ident, to: 'Kampania 2026' } });
  });

  it('an ident taken by another event or territory is 409 with its code; an unknown one to change is not found', async () => {
    const [a, b] = [newIdent('EV'), newIdent('EV')];
    await buildEvents(t, a, b);
    const taken = await call('events/create', { event: { ident: a, name: 'Druga' } }, admin);
    expect([taken.statusCode, taken.json().data.error]).toEqual([409, 'E_EVENT_EXISTS']);
    const { id } = await t.db.selectFrom('events').select('id').where('ident', '=', b).executeTakeFirstOrThrow();
    const renamed = await call('events/update', { event: { uuid: id, ident: a, name: 'B' } }, admin);
    expect([renamed.statusCode, renamed.json().data.error]).toEqual([409, 'E_EVENT_EXISTS']);
    const territory = await call('territories/create', { territory: { ident: wawIdent, name: 'Warszawa' } }, admin);
    expect([territory.statusCode, territory.json().data.error]).toEqual([409, 'E_TERRITORY_EXISTS']);
    const missing = await call('events/update', { event: { uuid: randomUUID(), ident: newIdent('EV'), name: 'X' } }, admin);
    expect([missing.statusCode, missing.json().data.error]).toEqual([404, 'E_EVENT_NOT_FOUND']);
  });

  it('refuses a bad ident or an empty name with the form’s Polish messages', async () => {
    const bad = await call('territories/create', { territory: { ident: 'waw centrum', name: '' } }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Kod terytorium: wielkie litery, cyfry i „-”');
    expect(bad.body).toContain('Podaj nazwę terytorium.');
    const event = await call('events/create', { event: { ident: 'EV 1', name: 'x' } }, admin);
    expect(event.statusCode).toBe(400);
  });

  it('the admin adds and renames a territory; a coordinator lists only hers, with its promoters, staff and actions counted', async () => {
    const ident = newIdent('GDA');
    const created = await call('territories/create', { territory: { ident, name: 'Gdańsk' } }, admin);
    expect(created.json().data.territory).toMatchObject({ ident, name: 'Gdańsk', promoters: 0, staff: 0, actions: 0 });
    const uuid = created.json().data.territory.uuid;
    const renamed = await call('territories/update', { territory: { uuid, ident, name: 'Trójmiasto' } }, admin);
    expect(renamed.json().data.territory).toMatchObject({ uuid, ident, name: 'Trójmiasto' });
    expect(JSON.parse((await entriesOf('territories.update', uuid))[0]!.details!)).toEqual({
      ident,
      name: { from: 'Gdańsk', to: 'Trójmiasto' },
    });
    const mine = await call('territories/list', {}, waw);
    // Its actions: those the plan test below imports there, whichever runs first.
    const planned = await t.db
      .selectFrom('actions')
      .select('id')
      .where('territory_id', '=', await territoryId(wawIdent))
      .execute();
    expect(mine.json().data).toMatchObject({
      total: 1,
      territories: [{ ident: wawIdent, promoters: 1, staff: 1, actions: planned.length }],
    });
    const all = (await call('territories/list', { pageSize: 200 }, admin)).json().data.territories.map((x: { ident: string }) => x.ident);
    expect(all).toEqual(expect.arrayContaining([wawIdent, krkIdent, ident]));
  });

  it('only the admin makes or renames them; the client and the privacy officer do not read them; a coordinator is refused 403', async () => {
    const event = { event: { ident: newIdent('EV'), name: 'X' } };
    const territory = { territory: { ident: newIdent('T'), name: 'X' } };
    const id = await territoryId(krkIdent);
    for (const by of [waw, krk, client, privacy]) {
      for (const [path, body] of [
        ['events/create', event],
        ['territories/create', territory],
        ['territories/update', { territory: { uuid: id, ident: krkIdent, name: 'Przejęte' } }],
      ] as const) {
        const res = await call(path, body, by);
        expect([res.statusCode, res.json().data.error], `${by.roles.join()} ${path}`).toEqual([403, 'E_FORBIDDEN']);
      }
    }
    for (const by of [client, privacy]) {
      for (const path of ['events/list', 'territories/list']) expect((await call(path, {}, by)).statusCode).toBe(403);
    }
    const name = await t.db.selectFrom('territories').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(name.name).not.toBe('Przejęte');
  });

  it('a plan names an event made here, counted in each coordinator’s territories; renamed, the plan naming its old ident is told so by row (decision 123)', async () => {
    const ident = newIdent('EV');
    const created = await call('events/create', { event: { ident, name: 'Kampania' } }, admin);
    const row = planRow({ event: ident, territory: wawIdent, name: `Akcja ${dialect}`, date: '2030-05-05' });
    const first = await postPlan(t.app, waw.token, planCsv([row]), { headers: { 'idempotency-key': randomUUID() } });
    expect(first.json().data).toMatchObject({ created: 1 });
    const listed = await call('events/list', { search: ident }, admin);
    expect(listed.json().data.events[0]).toMatchObject({ actions: 1 });
    // Its actions are counted in the caller's territories: Warsaw's action is not Kraków's to count.
    expect((await call('events/list', { search: ident }, waw)).json().data.events[0]).toMatchObject({ actions: 1 });
    expect((await call('events/list', { search: ident }, krk)).json().data.events[0]).toMatchObject({ actions: 0 });
    await call('events/update', { event: { uuid: created.json().data.event.uuid, ident: `${ident}-X`, name: 'Kampania' } }, admin);
    const again = await postPlan(t.app, waw.token, planCsv([row]), { dryRun: true, headers: { 'idempotency-key': randomUUID() } });
    expect(again.json().data.errors).toEqual([
      { row: 2, column: 'event', message: `Nie ma wydarzenia „${ident}”. Dodaj je na stronie Wydarzenia.` },
    ]);
  });
});
