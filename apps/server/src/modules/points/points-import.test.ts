import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsTemplateCsv } from '@promotor/contract/rules';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildPoint, pointRow, pointsCsv, postPoints, type PointRowValues } from '../../test/points.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/points/import (decision 124) through the real app on both databases: the plan import's
// guarantees for the register — a dry run writes nothing, any bad row refuses the file (errors by row
// and column), the same file again changes nothing — and a coordinator only in her territories.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('the register import (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let wawCoordinator: Staff;
  let krkCoordinator: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
  });
  afterAll(() => t.close());

  const rowsOf = (rows: Partial<PointRowValues>[]) => rows.map((r) => pointRow({ territory: waw, ...r }));
  const upload = (by: Staff, file: string, dryRun?: boolean) =>
    postPoints(t.app, by.token, file, { ...(dryRun === undefined ? {} : { dryRun }), headers: { 'idempotency-key': randomUUID() } });
  const stored = (name: string) => t.db.selectFrom('points').selectAll().where('name', '=', name).execute();
  const count = async (table: 'points' | 'audit_log') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a dry run lists what the file adds and writes nothing; the write adds it; the same file again changes nothing', async () => {
    const rows = rowsOf([
      { code: `Z-${randomUUID().slice(0, 5)}` },
      { postal_code: '', latitude: '', longitude: '', chain: '', notes: 'Wejście "B"; 1. piętro' },
    ]);
    const file = pointsCsv(rows);
    const before = { points: await count('points'), audit: await count('audit_log') };
    const dry = await upload(wawCoordinator, file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      dryRun: true,
      created: 2,
      updated: 0,
      unchanged: 0,
      changes: [
        { change: 'created', row: 2, territory: waw, code: rows[0]!.code.toUpperCase(), name: rows[0]!.name, fields: [] },
        { change: 'created', row: 3, territory: waw, code: null, name: rows[1]!.name, fields: [] },
      ],
    });
    expect({ points: await count('points'), audit: await count('audit_log') }).toEqual(before);

    const res = await upload(wawCoordinator, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      dryRun: false,
      created: 2,
      changes: [{ code: rows[0]!.code.toUpperCase() }, { code: expect.stringMatching(/^P-/) }],
    });
    expect(await stored(rows[0]!.name)).toMatchObject([{ latitude: 52.2318, longitude: 21.006, chain: 'Żabka', postal_code: '00-017' }]);
    expect(await stored(rows[1]!.name)).toMatchObject([{ latitude: null, chain: null, postal_code: '', notes: 'Wejście "B"; 1. piętro' }]);
    // Two points, each with its entry, and the file's.
    expect((await count('audit_log')) - before.audit).toBe(3);
    const entry = (await auditEntries(t, 'points.import'))[0]!;
    expect(JSON.parse(entry.details!)).toMatchObject({ rows: 2, created: 2, updated: 0, unchanged: 0, sha256: expect.any(String) });

    const after = { points: await count('points'), audit: await count('audit_log') };
    const again = await upload(wawCoordinator, file);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 2, changes: [] });
    expect({ points: await count('points'), audit: await count('audit_log') }).toEqual(after);
  });

  it('imports its own template as it is', async () => {
    const template = pointsTemplateCsv().replaceAll('WAW-CENTRUM', waw);
    const res = await upload(wawCoordinator, template);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 1 });
    expect(await stored('Złote Tarasy')).toMatchObject([{ latitude: 52.2301, longitude: 21.0027, chain: 'Galerie' }]);
  });

  it('updates the points it names by code or by name and address, only the columns its header has', async () => {
    const byCode = await buildPoint(t, waw, { chain: 'Stara sieć', notes: 'Zostaje' });
    const byAddress = await buildPoint(t, waw, { chain: 'Stara sieć', notes: 'Zostaje' });
    const columns = ['territory', 'code', 'name', 'street', 'city', 'chain'] as const;
    const file = pointsCsv(
      [
        pointRow({
          territory: waw,
          code: byCode.code,
          name: `${byCode.name} (nowa)`,
          street: 'ul. Nowa 1',
          city: 'Warszawa',
          chain: 'Nowa sieć',
        }),
        pointRow({ territory: waw, code: '', name: byAddress.name, street: 'ul. Złota 59', city: 'Warszawa', chain: '' }),
      ],
      columns,
    );
    const res = await upload(wawCoordinator, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.changes).toEqual([
      {
        change: 'updated',
        row: 2,
        territory: waw,
        code: byCode.code,
        name: `${byCode.name} (nowa)`,
        fields: ['name', 'streetAddress', 'chain'],
      },
      { change: 'updated', row: 3, territory: waw, code: byAddress.code, name: byAddress.name, fields: ['chain'] },
    ]);
    const rows = await t.db.selectFrom('points').selectAll().where('id', 'in', [byCode.id, byAddress.id]).execute();
    const first = rows.find((r) => r.id === byCode.id)!;
    // No postal-code column: its postal code stays; no notes column: its notes stay.
    expect(first).toMatchObject({ street_address: 'ul. Nowa 1', postal_code: '00-120', chain: 'Nowa sieć', notes: 'Zostaje' });
    expect(rows.find((r) => r.id === byAddress.id)).toMatchObject({ chain: null, notes: 'Zostaje' });
    const entry = (await auditEntries(t, 'points.update')).find((e) => e.object_id === byCode.id)!;
    expect(JSON.parse(entry.details!)).toMatchObject({
      streetAddress: { from: 'ul. Złota 59', to: 'ul. Nowa 1' },
      import: expect.any(String),
    });
  });

  it("gives a point of the register the file's own code when the file names it by its name and address", async () => {
    const point = await buildPoint(t, waw);
    const code = `SKLEP-${randomUUID().slice(0, 4).toUpperCase()}`;
    const res = await upload(
      wawCoordinator,
      pointsCsv([
        pointRow({
          territory: waw,
          code,
          name: point.name,
          street: 'ul. Złota 59',
          postal_code: '00-120',
          latitude: '',
          longitude: '',
          chain: '',
        }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.changes).toEqual([{ change: 'updated', row: 2, territory: waw, code, name: point.name, fields: ['code'] }]);
    expect(await stored(point.name)).toMatchObject([{ id: point.id, code }]);
  });

  it.each<[string, Partial<PointRowValues>, string, string]>([
    ['an empty name', { name: '' }, 'name', 'Podaj nazwę punktu.'],
    ['a bad postal code', { postal_code: '00017' }, 'postal_code', 'Kod pocztowy musi mieć postać 00-000.'],
    ['one coordinate', { longitude: '' }, 'longitude', 'Podaj obie współrzędne albo żadnej.'],
    ['a bad code', { code: 'kod z spacją' }, 'code', expect.stringContaining('Kod punktu')],
  ])('refuses a file with %s: 422 naming row and column, nothing written', async (_name, values, column, message) => {
    const before = await count('points');
    const res = await upload(wawCoordinator, pointsCsv(rowsOf([{}, values])));
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ error: 'E_POINTS_INVALID', errors: [{ row: 3, column, message }], errorCount: 1 });
    expect(await count('points')).toBe(before);
  });

  it('refuses rows naming one point twice, or a code or an address of another point', async () => {
    const other = await buildPoint(t, waw);
    const [one, two] = rowsOf([{}, {}]);
    const res = await upload(
      wawCoordinator,
      pointsCsv([
        one!,
        { ...one!, chain: 'Inna' },
        { ...two!, code: other.code },
        pointRow({ territory: waw, name: other.name, street: 'ul. Złota 59', postal_code: '00-120', code: 'NOWY-KOD-1' }),
        pointRow({ territory: waw, name: other.name, street: 'ul. Złota 59', postal_code: '00-120' }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.errors).toEqual([
      { row: 3, column: 'name', message: 'Punkt o tej nazwie i adresie jest już w wierszu 2.' },
      { row: 5, column: 'code', message: 'Ten sam punkt jest już w wierszu 4.' },
      { row: 6, column: 'name', message: 'Ten sam punkt jest już w wierszu 4.' },
    ]);
    // Row 4 changes the point of that code (allowed on its own); rows 5 and 6 name it again by its address.
  });

  it("a coordinator's file naming another territory is refused on those rows, as naming an unknown one", async () => {
    const res = await upload(krkCoordinator, pointsCsv([pointRow({ territory: krk }), pointRow({ territory: waw })]));
    const unknown = await upload(krkCoordinator, pointsCsv([pointRow({ territory: krk }), pointRow({ territory: 'NIE-MA-TAKIEGO' })]));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors).toEqual([{ row: 3, column: 'territory', message: `Nie ma terytorium „${waw}”.` }]);
    expect(JSON.stringify(res.json().data).replace(waw, 'X')).toBe(JSON.stringify(unknown.json().data).replace('NIE-MA-TAKIEGO', 'X'));
  });

  it('refuses a file whose header it cannot read, naming line 1', async () => {
    const res = await upload(wawCoordinator, 'nazwa;miasto\nSklep;Warszawa\n');
    expect(res.json().data.errors).toEqual([{ row: 1, column: null, message: 'Brak kolumn w nagłówku: „terytorium”, „ulica”.' }]);
  });
});
