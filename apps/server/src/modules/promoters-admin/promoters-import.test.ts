import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotersTemplateCsv } from '@promotor/contract/rules';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildPromoter, buildSignedInPromoter } from '../../test/builders.ts';
import { postPromoters, promoterRow, promotersCsv, type PromoterRowValues } from '../../test/promoters-csv.ts';
import { raceSame, sortedLabels } from '../../test/races.ts';
import { createTestApp, loginAs, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/promoters/import (decision 121) through the real app on both databases: the plan and points
// imports' guarantees — a dry run writes nothing, any bad row refuses the file (errors by row and column),
// the same file again changes nothing, N imports of one file at once leave what one leaves — and a
// coordinator only in her territories.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('the promoters import (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Staff;
  let wawCoordinator: Staff;
  let krkCoordinator: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
  });
  afterAll(() => t.close());

  const rowsOf = (rows: Partial<PromoterRowValues>[]) => rows.map((r) => promoterRow({ territories: waw, ...r }));
  const upload = (by: { token: string }, file: string, dryRun?: boolean) =>
    postPromoters(t.app, by.token, file, { ...(dryRun === undefined ? {} : { dryRun }), headers: { 'idempotency-key': randomUUID() } });
  const usersNamed = (username: string) => t.db.selectFrom('users').selectAll().where('username', '=', username).execute();
  const count = async (table: 'users' | 'audit_log' | 'user_territories') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({ users: await count('users'), territories: await count('user_territories') });
  const territoriesOf = async (userId: string) =>
    (
      await t.db
        .selectFrom('user_territories')
        .innerJoin('territories', 'territories.id', 'user_territories.territory_id')
        .select('territories.ident')
        .where('user_id', '=', userId)
        .execute()
    )
      .map((r) => r.ident)
      .sort();

  it('a dry run lists the new promoters and writes nothing; the write adds them, who log in; the same file again changes nothing', async () => {
    const rows = rowsOf([{ ident: `HST-${randomUUID().slice(0, 6).toUpperCase()}` }, { phone: '', territories: `${waw}; ${waw}` }]);
    const file = promotersCsv(rows);
    const before = { ...(await counts()), audit: await count('audit_log') };
    const dry = await upload(wawCoordinator, file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      dryRun: true,
      created: 2,
      updated: 0,
      unchanged: 0,
      changes: [
        {
          change: 'created',
          row: 2,
          username: rows[0]!.username,
          name: 'Anna Nowak',
          ident: rows[0]!.ident,
          territories: [waw],
          fields: [],
        },
        { change: 'created', row: 3, username: rows[1]!.username, name: 'Anna Nowak', ident: null, territories: [waw], fields: [] },
      ],
    });
    expect({ ...(await counts()), audit: await count('audit_log') }).toEqual(before);

    const res = await upload(wawCoordinator, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      dryRun: false,
      created: 2,
      changes: [{ ident: rows[0]!.ident }, { ident: expect.stringMatching(/^HST\d{6}$/) }],
    });
    const [first] = await usersNamed(rows[0]!.username);
    expect(first).toMatchObject({ firstname: 'Anna', mobile_phone: '+48600123456', ident: rows[0]!.ident, deactivated_at: null });
    expect((await usersNamed(rows[1]!.username))[0]!.mobile_phone).toBeNull();
    await loginAs(t.app, rows[1]!.username, 'haslo-startowe-1');
    const creates = (await auditEntries(t, 'promoters.create')).filter((e) => e.object_id === first!.id);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.details ?? '').not.toContain('haslo');
    const imports = (await auditEntries(t, 'promoters.import')).map((e) => JSON.parse(e.details!));
    expect(imports).toContainEqual(expect.objectContaining({ rows: 2, created: 2, updated: 0, unchanged: 0 }));

    const again = await upload(wawCoordinator, file);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 2, changes: [] });
  });

  it('a row of a promoter she has updates her names, phone and territories within the caller’s; her other territories and password stay', async () => {
    const both = await buildSignedInPromoter(t, { territories: [waw, krk] });
    const file = promotersCsv(
      rowsOf([{ username: both.username.toUpperCase(), firstname: 'Zofia', phone: '+48 601 000 000', territories: waw, password: '' }]),
    );
    const dry = await upload(wawCoordinator, file, true);
    expect(dry.json().data.changes).toEqual([
      {
        change: 'updated',
        row: 2,
        username: both.username,
        name: 'Zofia Nowak',
        ident: both.ident,
        territories: [krk, waw].sort(),
        fields: ['firstname', 'lastname', 'mobilePhone'],
      },
    ]);
    expect((await upload(wawCoordinator, file)).statusCode).toBe(200);
    expect(await usersNamed(both.username)).toMatchObject([{ firstname: 'Zofia', lastname: 'Nowak', mobile_phone: '+48601000000' }]);
    expect(await territoriesOf(both.userId)).toEqual([krk, waw].sort());
    await loginAs(t.app, both.username, both.password);
    const update = (await auditEntries(t, 'promoters.update')).filter((e) => e.object_id === both.userId);
    expect(JSON.parse(update[0]!.details!)).toMatchObject({ firstname: { to: 'Zofia' }, import: expect.any(String) });
  });

  it("the admin's row sets all her territories (a coordinator's leaves those outside hers: above)", async () => {
    const both = await buildPromoter(t, { territories: [waw, krk] });
    const file = promotersCsv(rowsOf([{ username: both.username, firstname: 'Ewa', lastname: 'Testowa', territories: krk }]));
    expect((await upload(admin, file)).json().data).toMatchObject({
      updated: 1,
      changes: [{ territories: [krk], fields: expect.arrayContaining(['territories']) }],
    });
    expect(await territoriesOf(both.userId)).toEqual([krk]);
  });

  it('any bad row refuses the whole file: errors by row and column in Polish, nothing written', async () => {
    const taken = await buildPromoter(t, { territories: [krk] });
    const rows = rowsOf([
      {},
      { firstname: '', username: 'nie-email', phone: '12', ident: 'zły kod!' },
      { territories: `${waw}; NIE-MA` },
      { password: '' },
      { password: 'krótkie' },
      { username: taken.username },
    ]);
    rows.push({ ...rows[0]! });
    const before = await counts();
    const res = await upload(wawCoordinator, promotersCsv(rows), true);
    expect([res.statusCode, res.json().data.error]).toEqual([422, 'E_PROMOTERS_INVALID']);
    const errors = res.json().data.errors as { row: number; column: string; message: string }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'firstname'],
      [3, 'username'],
      [3, 'phone'],
      [3, 'ident'],
      [6, 'password'],
    ]);
    expect(errors[0]!.message).toBe('Podaj imię.');
    // The rows' own checks come first; the file's logins and territories once every row is well formed.
    const fixed = rows.filter((_, i) => i !== 1 && i !== 4);
    const second = await upload(wawCoordinator, promotersCsv(fixed));
    expect(second.json().data.errors).toEqual([{ row: 3, column: 'territories', message: 'Nie ma terytorium „NIE-MA”.' }]);
    const third = await upload(wawCoordinator, promotersCsv(fixed.filter((_, i) => i !== 1)));
    expect(third.json().data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'password'],
      [4, 'username'],
      [5, 'username'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it("a coordinator names only her territories: Kraków's is unknown to Warsaw's coordinator, by row, nothing leaks", async () => {
    const res = await upload(wawCoordinator, promotersCsv(rowsOf([{}, { territories: `${waw},${krk}` }])), true);
    expect([res.statusCode, res.json().data.error]).toEqual([422, 'E_PROMOTERS_INVALID']);
    expect(res.json().data.errors).toEqual([{ row: 3, column: 'territories', message: `Nie ma terytorium „${krk}”.` }]);
    // A Kraków promoter's login in Warsaw's file: taken, naming neither her nor her territory.
    const krakow = await buildPromoter(t, { territories: [krk] });
    const conflict = await upload(wawCoordinator, promotersCsv(rowsOf([{ username: krakow.username }])), true);
    expect(conflict.json().data.errors).toEqual([
      { row: 2, column: 'username', message: 'Tego loginu albo kodu hostessy nie można użyć: ma go już inne konto.' },
    ]);
    const admins = await upload(admin, promotersCsv(rowsOf([{ territories: `${waw},${krk}` }])), true);
    expect(admins.json().data).toMatchObject({ created: 1, changes: [{ territories: [krk, waw].sort() }] });
  });

  it.each([
    ['client', 403],
    ['privacy', 403],
  ] as const)('a %s may not import promoters (%s)', async (role, status) => {
    const staff = await buildSignedInStaff(t, { roles: [role] });
    const res = await upload(staff, promotersCsv(rowsOf([{}])), true);
    expect([res.statusCode, res.json().data.error]).toEqual([status, 'E_FORBIDDEN']);
  });

  it('a promoter may not import promoters', async () => {
    const promoter = await buildSignedInPromoter(t, { territories: [waw] });
    const res = await upload(promoter, promotersCsv(rowsOf([{}])), true);
    expect([res.statusCode, res.json().data.error]).toEqual([403, 'E_FORBIDDEN']);
  });

  it('the template is read as it is: one example promoter, refused only for its unknown territories', async () => {
    const res = await upload(admin, promotersTemplateCsv(), true);
    expect(res.json().data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'territories'],
      [2, 'territories'],
    ]);
  });

  it('a file of more rows than the limit is refused before any is read', async () => {
    const res = await upload(admin, `imię;nazwisko;login;terytoria\n${'a;b;c@d.pl;WAW\n'.repeat(1001)}`, true);
    expect(res.json().data.errors).toEqual([{ row: 1, column: null, message: expect.stringContaining('więcej niż 1000 wierszy') }]);
  });

  it('ten imports of one file at once: no 5xx, its promoters created once, one import audited', async () => {
    const rows = rowsOf([{}, {}, {}]);
    const file = promotersCsv(rows);
    const before = (await auditEntries(t, 'promoters.import')).length;
    const outcomes = await raceSame(10, () => upload(wawCoordinator, file));
    expect(sortedLabels(outcomes)).toEqual(Array<string>(10).fill('200'));
    for (const row of rows) expect(await usersNamed(row.username)).toHaveLength(1);
    expect((await auditEntries(t, 'promoters.import')).length).toBe(before + 1);
  });

  it("Warsaw's and Kraków's coordinators importing one new login at once: one creates her, the other's file is refused", async () => {
    const username = `wspolna-${randomUUID().slice(0, 8)}@test.pl`;
    const outcomes = await raceSame(6, (i) =>
      upload(i % 2 ? krkCoordinator : wawCoordinator, promotersCsv([promoterRow({ username, territories: i % 2 ? krk : waw })])),
    );
    expect(outcomes.every((o) => o.status < 500)).toBe(true);
    expect(await usersNamed(username)).toHaveLength(1);
    const winners = outcomes.filter((o) => o.status === 200);
    expect(winners.length).toBeGreaterThanOrEqual(1);
  });
});
