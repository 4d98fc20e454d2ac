import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildPoint } from '../../test/points.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/points/* but the import (points-import.test.ts): the register of points on both databases —
// what each role may do, a coordinator only in her territories (another's answers as nothing, decision
// 109), every change in the audit log from → to and a change of nothing recorded as nothing.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('the register of points (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Staff;
  let wawCoordinator: Staff;
  let krkCoordinator: Staff;
  let client: Staff;
  let privacy: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' } });
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown, by: Staff) =>
    post(t.app, `/admin/points/${path}`, body, by.token, { 'idempotency-key': randomUUID() });
  const input = (o: Record<string, unknown> = {}) => ({
    territory: { ident: waw },
    name: `Sklep ${randomUUID().slice(0, 6)}`,
    streetAddress: 'ul. Marszałkowska 104',
    postalCode: '00-017',
    cityName: 'Warszawa',
    ...o,
  });
  const create = async (by: Staff, o: Record<string, unknown> = {}) => {
    const res = await call('create', { point: input(o) }, by);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.point as { uuid: string; code: string; name: string; archived: boolean };
  };
  const list = async (by: Staff, body: Record<string, unknown> = {}) => {
    const res = await call('list', { pageSize: 200, ...body }, by);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { points: { uuid: string; code: string; name: string }[]; total: number; map: unknown };
  };
  const entriesOf = async (verb: string, id: string) =>
    (await auditEntries(t, verb)).filter((e) => e.object_id === id).map((e) => JSON.parse(e.details ?? 'null') as Record<string, unknown>);
  /** Status and envelope data, what the caller can tell apart of two answers. */
  const seen = (res: LightMyRequestResponse) => ({ status: res.statusCode, data: res.json().data });

  it('a coordinator adds a point: a code is made for it, the answer and the list show it, the audit log has it', async () => {
    const point = await create(wawCoordinator, { latitude: 52.2318, longitude: 21.006, chain: 'Żabka', notes: 'Wejście od podwórza' });
    expect(point).toMatchObject({
      code: expect.stringMatching(/^P-[2-9A-HJ-NP-Z]{6}$/),
      territory: { ident: waw },
      postalCode: '00-017',
      latitude: 52.2318,
      chain: 'Żabka',
      archived: false,
    });
    expect((await list(wawCoordinator)).points.map((p) => p.uuid)).toContain(point.uuid);
    expect(await entriesOf('points.create', point.uuid)).toEqual([
      expect.objectContaining({
        territory: waw,
        code: point.code,
        name: point.name,
        streetAddress: 'ul. Marszałkowska 104',
        chain: 'Żabka',
      }),
    ]);
  });

  it('takes her own code in capitals, and refuses a code or a name and address the territory has already', async () => {
    const code = `Z-${randomUUID().slice(0, 6)}`;
    const point = await create(admin, { code: code.toLowerCase() });
    expect(point.code).toBe(code.toUpperCase());
    const sameCode = await call('create', { point: input({ code }) }, wawCoordinator);
    expect([sameCode.statusCode, sameCode.json().data.error]).toEqual([409, 'E_POINT_CODE_TAKEN']);
    const sameAddress = await call('create', { point: input({ name: point.name }) }, wawCoordinator);
    // Her own territory's point: she is told its code, to find it.
    expect(seen(sameAddress)).toEqual({ status: 409, data: { error: 'E_POINT_EXISTS', code: point.code } });
    // The same name and address in another territory is another point.
    await create(admin, { territory: { ident: krk }, name: point.name, code });
  });

  it('search finds a point by a part of its code, name, street, city or chain, in any case, Polish letters too', async () => {
    const point = await create(wawCoordinator, { name: `Łódzka Gęś ${randomUUID().slice(0, 4)}`, chain: 'Żółta Sieć' });
    for (const search of ['łódzka gęś', 'ŁÓDZKA', 'żółta', point.code.toLowerCase(), 'marszałkowska']) {
      expect(
        (await list(wawCoordinator, { search })).points.map((p) => p.uuid),
        search,
      ).toContain(point.uuid);
    }
    expect((await list(wawCoordinator, { search: 'nie-ma-takiego-sklepu' })).points).toEqual([]);
    // A LIKE's own characters are letters here.
    expect((await list(wawCoordinator, { search: '%' })).points).toEqual([]);
  });

  it("the list is the caller's: a coordinator sees her territories, the admin all, with the map's tiles", async () => {
    const inWaw = await buildPoint(t, waw);
    const inKrk = await buildPoint(t, krk);
    const hers = await list(wawCoordinator);
    expect(hers.points.map((p) => p.uuid)).toContain(inWaw.id);
    expect(hers.points.map((p) => p.uuid)).not.toContain(inKrk.id);
    expect((await list(wawCoordinator, { territory: krk })).points).toEqual([]);
    expect((await list(admin, { territory: krk })).points.map((p) => p.uuid)).toContain(inKrk.id);
    expect(hers.map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' });
  });

  it('an edit records each field from → to; the same values again record nothing', async () => {
    const point = await create(wawCoordinator);
    const changed = { uuid: point.uuid, code: point.code, ...input({ name: `${point.name} 2`, postalCode: null, chain: 'Lewiatan' }) };
    delete (changed as { territory?: unknown }).territory;
    const res = await call('update', { point: changed }, wawCoordinator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.point).toMatchObject({ name: `${point.name} 2`, postalCode: null, chain: 'Lewiatan' });
    expect(await entriesOf('points.update', point.uuid)).toEqual([
      {
        name: { from: point.name, to: `${point.name} 2` },
        postalCode: { from: '00-017', to: null },
        chain: { from: null, to: 'Lewiatan' },
      },
    ]);
    expect((await call('update', { point: changed }, wawCoordinator)).statusCode).toBe(200);
    expect(await entriesOf('points.update', point.uuid)).toHaveLength(1);
  });

  it("an edit onto another point's code or address is refused with 409, and changes nothing", async () => {
    const one = await create(wawCoordinator);
    const two = await create(wawCoordinator);
    const onto = (o: Record<string, unknown>) => ({
      uuid: two.uuid,
      code: two.code,
      ...input({ name: two.name, ...o }),
      territory: undefined,
    });
    const code = await call('update', { point: onto({ code: one.code }) }, wawCoordinator);
    expect([code.statusCode, code.json().data.error]).toEqual([409, 'E_POINT_CODE_TAKEN']);
    const address = await call('update', { point: onto({ name: one.name }) }, wawCoordinator);
    expect(seen(address)).toEqual({ status: 409, data: { error: 'E_POINT_EXISTS', code: one.code } });
    expect(await entriesOf('points.update', two.uuid)).toEqual([]);
  });

  it('archive and restore: out of the list and into the archive, each recorded once; again changes nothing', async () => {
    const point = await create(wawCoordinator);
    const archive = async (archived: boolean) => {
      const res = await call('archive', { point: { uuid: point.uuid }, archived }, wawCoordinator);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.point as { archived: boolean };
    };
    expect(await archive(true)).toMatchObject({ archived: true });
    expect(await archive(true)).toMatchObject({ archived: true });
    expect((await list(wawCoordinator)).points.map((p) => p.uuid)).not.toContain(point.uuid);
    expect((await list(wawCoordinator, { archived: true })).points.map((p) => p.uuid)).toContain(point.uuid);
    expect(await archive(false)).toMatchObject({ archived: false });
    expect(await entriesOf('points.archive', point.uuid)).toEqual([{ code: point.code, archived: { from: false, to: true } }]);
    expect(await entriesOf('points.restore', point.uuid)).toEqual([{ code: point.code, archived: { from: true, to: false } }]);
  });

  it("Kraków's coordinator: a Warsaw point answers as one that does not exist, Warsaw as an unknown territory, and nothing changes", async () => {
    const point = await buildPoint(t, waw);
    const nobody = randomUUID();
    const body = (uuid: string) => ({ point: { uuid, code: 'P-XXXXXX', name: 'Cudzy', streetAddress: 'ul. Obca 1', cityName: 'Kraków' } });
    for (const [path, make] of [
      ['update', body],
      ['archive', (uuid: string) => ({ point: { uuid }, archived: true })],
    ] as const) {
      const theirs = await call(path, make(point.id), krkCoordinator);
      const missing = await call(path, make(nobody), krkCoordinator);
      expect(seen(theirs), path).toEqual({ status: 404, data: { error: 'E_POINT_NOT_FOUND' } });
      expect(seen(theirs), path).toEqual(seen(missing));
    }
    const create = await call('create', { point: input({ territory: { ident: waw } }) }, krkCoordinator);
    const unknown = await call(
      'create',
      { point: input({ territory: { ident: `NIE-MA-${randomUUID().slice(0, 4).toUpperCase()}` } }) },
      krkCoordinator,
    );
    expect(seen(create)).toEqual({ status: 422, data: { error: 'E_TERRITORY_NOT_FOUND' } });
    expect(seen(create)).toEqual(seen(unknown));
    const row = await t.db.selectFrom('points').select(['name', 'archived_at']).where('id', '=', point.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: point.name, archived_at: null });
    // The tries are in the audit log (decision 109).
    const tried = (await auditEntries(t, 'access.not_found')).filter((e) => e.actor_id === krkCoordinator.staffId);
    expect(tried.map((e) => e.object_id)).toEqual(expect.arrayContaining([point.id, waw]));
  });

  it('the client and the privacy officer may not read or change the register (403)', async () => {
    const point = await buildPoint(t, waw);
    for (const by of [client, privacy]) {
      for (const [path, body] of [
        ['list', {}],
        ['create', { point: input() }],
        ['update', { point: { uuid: point.id, code: point.code, name: 'X', streetAddress: 'Y', cityName: 'Z' } }],
        ['archive', { point: { uuid: point.id }, archived: true }],
      ] as const) {
        const res = await call(path, body, by);
        expect([res.statusCode, res.json().data.error], `${by.roles[0]} ${path}`).toEqual([403, 'E_FORBIDDEN']);
      }
    }
  });

  it('bad input is a 400 with the Polish rule, never a 500', async () => {
    const cases = [
      input({ code: 'zły kod!' }),
      input({ postalCode: '00017' }),
      input({ latitude: 52.2 }),
      input({ name: '' }),
      input({ notes: 'x'.repeat(1001) }),
    ];
    for (const point of cases) {
      const res = await call('create', { point }, wawCoordinator);
      expect([res.statusCode, res.json().data.error], JSON.stringify(point)).toEqual([400, 'E_VALIDATION']);
    }
    const res = await call('create', { point: input({ postalCode: '00017' }) }, wawCoordinator);
    expect(JSON.stringify(res.json().data.details)).toContain('Kod pocztowy musi mieć postać 00-000.');
  });
});
