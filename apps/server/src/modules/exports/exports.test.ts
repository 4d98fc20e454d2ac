import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, wallDay, type BuiltPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import {
  assignAlso,
  buildPlacedAction,
  buildPromoterOf,
  buildRedeemedCodes,
  buildRegistration,
  buildReview,
  buildTap,
  csvObjects,
  getExport,
  readCsv,
} from '../../test/field-data.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { ACTIONS_PER_PAGE, REDEMPTIONS_PER_PAGE } from './exports.service.ts';

// The back office's CSV exports (issue 25, decision 092) on a real server and database: what a
// coordinator's Excel opens, who gets which rows, the audit entry, and refusals as JSON envelopes.

type Staff = BuiltStaff & { token: string };

const ACTION_HEADERS = [
  'Wydarzenie',
  'Akcja',
  'Nazwa akcji',
  'Terytorium',
  'Punkt',
  'Miasto',
  'Planowany początek',
  'Planowany koniec',
  'Kod hostessy',
  'Promotorka',
  'Jej status',
  'Rozpoczęcie',
  'Zakończenie',
  'Stan raportu',
  'Status akcji',
  'Rejestracje',
  'Wydane kody',
];

describe.each(testDatabases)('CSV exports (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Staff;
  let wawCoordinator: Staff;
  let krkCoordinator: Staff;
  let client: Staff;
  let anna: BuiltPromoter;
  let beata: BuiltPromoter;
  let piotr: BuiltPromoter;
  let eventId: string;
  let eventIdent: string;
  /** A period of its own, far from the other tests' (each test builds in its own month). */
  const day = (month: string, d: number) => `2031-${month}-${String(d).padStart(2, '0')}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    anna = await buildPromoterOf(t, waw, { firstname: 'Anna', lastname: 'Żółkiewska' });
    beata = await buildPromoterOf(t, waw, { firstname: 'Beata', lastname: 'Nowak' });
    piotr = await buildPromoterOf(t, krk, { firstname: 'Piotr', lastname: 'Kowalski' });
    eventIdent = `EV-EKSPORT-${dialect}`;
    eventId = await buildEvent(t, { ident: eventIdent });
  });
  afterAll(() => t.close());

  /** The audit entries of this verb that `fn` added (the test clock stands still: not by time). */
  const newAuditEntries = async (verb: string, fn: () => Promise<void>) => {
    const before = new Set((await auditEntries(t, verb)).map((e) => e.id));
    await fn();
    return (await auditEntries(t, verb)).filter((e) => !before.has(e.id));
  };

  it('actions.csv opens in Polish Excel: BOM, semicolons, CRLF, Polish headers and letters, one row per promoter', async () => {
    const since = `${day('03', 10)} 10:00:00`;
    const action = await buildPlacedAction(t, anna, waw, {
      name: 'Degustacja „Żubrówka” w Łodzi',
      since,
      until: `${day('03', 10)} 18:00:00`,
      status: 'finished',
      global: 'finished',
      eventId,
      points: [{ name: 'Sklep Źdźbło', street: 'ul. Łąkowa 1', postal: '90-001', city: 'Łódź', petra: null }],
    });
    await assignAlso(t, action, beata);
    await buildTap(t, action, anna, 'check_in', `${day('03', 10)} 10:02:00`);
    await buildTap(t, action, anna, 'check_out', `${day('03', 10)} 17:55:00`);
    await buildRegistration(t, anna, action, `${day('03', 10)} 11:00:00`, [{ brand: 'Glo', model: 'Hyper Pro' }]);
    await buildRegistration(t, anna, action, `${day('03', 10)} 12:00:00`, [{ brand: 'Velo', model: 'Mint' }]);
    await buildRegistration(t, anna, action, `${day('03', 10)} 13:00:00`, [{ brand: 'Glo', model: 'Hyper Pro' }], { test: true });
    await buildRedeemedCodes(t, eventId, anna, action, [`${day('03', 10)} 12:30:00`]);

    const res = await getExport(t, 'actions', { from: day('03', 1), to: day('03', 31) }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="akcje-${day('03', 1)}-${day('03', 31)}.csv"`);
    const text = res.rawPayload.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(ACTION_HEADERS.join(';'));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(readCsv(res.rawPayload)[0]).toEqual(ACTION_HEADERS);

    const rows = csvObjects(res.rawPayload).filter((r) => r['Akcja'] === action.ident);
    expect(rows).toEqual([
      {
        Wydarzenie: eventIdent,
        Akcja: action.ident,
        'Nazwa akcji': 'Degustacja „Żubrówka” w Łodzi',
        Terytorium: waw,
        Punkt: 'Sklep Źdźbło',
        Miasto: 'Łódź',
        'Planowany początek': since,
        'Planowany koniec': `${day('03', 10)} 18:00:00`,
        'Kod hostessy': beata.ident,
        Promotorka: 'Beata Nowak',
        'Jej status': 'Nierozpoczęta',
        Rozpoczęcie: '',
        Zakończenie: '',
        'Stan raportu': '',
        // Anna finished, Beata has not started: the action is still under way (decision 110).
        'Status akcji': 'W trakcie',
        Rejestracje: '0',
        'Wydane kody': '0',
      },
      {
        Wydarzenie: eventIdent,
        Akcja: action.ident,
        'Nazwa akcji': 'Degustacja „Żubrówka” w Łodzi',
        Terytorium: waw,
        Punkt: 'Sklep Źdźbło',
        Miasto: 'Łódź',
        'Planowany początek': since,
        'Planowany koniec': `${day('03', 10)} 18:00:00`,
        'Kod hostessy': anna.ident,
        Promotorka: 'Anna Żółkiewska',
        'Jej status': 'Zakończona',
        Rozpoczęcie: `${day('03', 10)} 10:02:00`,
        Zakończenie: `${day('03', 10)} 17:55:00`,
        // She finished and no one has reviewed it yet.
        'Stan raportu': 'Przesłany',
        'Status akcji': 'W trakcie',
        // The test registration does not count.
        Rejestracje: '2',
        'Wydane kody': '1',
      },
    ]);
  });

  it('a cell that would be a formula gets an apostrophe; a cell with ; or quotes is quoted and reads back whole', async () => {
    const action = await buildPlacedAction(t, anna, waw, {
      name: '=HYPERLINK("http://zlo.example";"kliknij")',
      since: `${day('04', 2)} 10:00:00`,
      eventId,
      points: [{ name: '+48 Punkt; róg', street: 'ul. Testowa 1', postal: null, city: '-Warszawa', petra: null }],
    });
    const res = await getExport(t, 'actions', { from: day('04', 1), to: day('04', 30) }, admin.token);
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain(`;"'=HYPERLINK(""http://zlo.example"";""kliknij"")";`);
    const [row] = csvObjects(res.rawPayload).filter((r) => r['Akcja'] === action.ident);
    expect(row).toMatchObject({
      'Nazwa akcji': `'=HYPERLINK("http://zlo.example";"kliknij")`,
      Punkt: "'+48 Punkt; róg",
      Miasto: "'-Warszawa",
      'Jej status': 'Nierozpoczęta',
      'Status akcji': 'Zaplanowana',
    });
  });

  it("her status, cancelled included, the review state of each report, and the action's status that follows them", async () => {
    const at = (d: number) => ({ since: `${day('05', d)} 10:00:00`, until: `${day('05', d)} 18:00:00`, eventId });
    const changes = await buildPlacedAction(t, anna, waw, { ...at(3), status: 'finished', global: 'finished' });
    await buildReview(t, changes, anna, 'changes_requested');
    // Planned as the office plans ('accepted'), then finished and approved: its status follows (issue 33).
    const approved = await buildPlacedAction(t, anna, waw, { ...at(4), status: 'finished', global: 'accepted' });
    await buildReview(t, approved, anna, 'approved');
    const resubmitted = await buildPlacedAction(t, anna, waw, { ...at(5), status: 'finished', global: 'finished' });
    await buildReview(t, resubmitted, anna, 'resubmitted');
    const running = await buildPlacedAction(t, anna, waw, { ...at(6), status: 'started', global: 'accepted' });
    const cancelled = await buildPlacedAction(t, anna, waw, { ...at(7), global: 'hst_cancelled' });
    const herCancel = await buildPlacedAction(t, beata, waw, at(8));
    await t.db
      .updateTable('action_assignments')
      .set({ cancelled_at: new Date().toISOString() })
      .where('action_id', '=', herCancel.uuid)
      .execute();

    const rows = csvObjects((await getExport(t, 'actions', { from: day('05', 1), to: day('05', 31) }, admin.token)).rawPayload);
    const of = (a: { ident: string }) =>
      rows.filter((r) => r['Akcja'] === a.ident).map((r) => [r['Jej status'], r['Stan raportu'], r['Status akcji']]);
    expect(of(changes)).toEqual([['Zakończona', 'Do poprawy', 'Zakończona']]);
    expect(of(approved)).toEqual([['Zakończona', 'Zaakceptowany', 'Zaakceptowana']]);
    expect(of(resubmitted)).toEqual([['Zakończona', 'Poprawiony', 'Zakończona']]);
    expect(of(running)).toEqual([['W trakcie', '', 'W trakcie']]);
    expect(of(cancelled)).toEqual([['Nierozpoczęta', '', 'Odwołana']]);
    expect(of(herCancel)).toEqual([['Odwołana przez promotorkę', '', 'Zaplanowana']]);
    // In the order they were planned.
    expect(rows.map((r) => r['Planowany początek'])).toEqual([...rows.map((r) => r['Planowany początek'])].sort());

    // Filtered by status, event and promoter.
    const byStatus = async (status: string) =>
      csvObjects((await getExport(t, 'actions', { from: day('05', 1), to: day('05', 31), status }, admin.token)).rawPayload).map(
        (r) => r['Akcja'],
      );
    expect(await byStatus('cancelled')).toEqual([cancelled.ident]);
    // The filter reads the status the file shows (decision 110).
    expect(await byStatus('approved')).toEqual([approved.ident]);
    expect(await byStatus('started')).toEqual([running.ident]);
    const byPromoter = csvObjects(
      (await getExport(t, 'actions', { from: day('05', 1), to: day('05', 31), promoter: beata.ident }, admin.token)).rawPayload,
    );
    expect(byPromoter.map((r) => r['Akcja'])).toEqual([herCancel.ident]);
    const otherEvent = csvObjects(
      (await getExport(t, 'actions', { from: day('05', 1), to: day('05', 31), event: 'EV-NIE-MA' }, admin.token)).rawPayload,
    );
    expect(otherEvent).toEqual([]);

    // The brand's viewer sees approved reports only: a report's own cells stay empty until it is approved.
    const forClient = csvObjects((await getExport(t, 'actions', { from: day('05', 1), to: day('05', 31) }, client.token)).rawPayload);
    const reportCells = (from: typeof rows, a: { ident: string }) =>
      from.filter((r) => r['Akcja'] === a.ident).map((r) => [r['Rozpoczęcie'], r['Zakończenie'], r['Stan raportu']]);
    expect(reportCells(forClient, changes)).toEqual([['', '', '']]);
    expect(reportCells(forClient, resubmitted)).toEqual([['', '', '']]);
    expect(reportCells(forClient, approved)).toEqual(reportCells(rows, approved));
    expect(reportCells(forClient, approved)[0]![2]).toBe('Zaakceptowany');
  });

  it('each export is in the audit log with its filter, written before the file', async () => {
    const query = { from: day('06', 1), to: day('06', 15), territory: waw, event: eventIdent, promoter: anna.ident, status: 'finished' };
    for (const name of ['actions', 'registrations', 'redemptions'] as const) {
      const [entry, ...more] = await newAuditEntries(`exports.${name}`, async () => {
        const res = await getExport(t, name, query, wawCoordinator.token);
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        actor_type: 'staff',
        actor_name: wawCoordinator.username,
        actor_roles: 'coordinator',
        address: '127.0.0.1',
      });
      expect(JSON.parse(entry!.details!)).toEqual(query);
    }
  });

  it('without a period: the current month of APP_TIMEZONE, in the file name and the audit entry', async () => {
    const today = wallDay(t);
    const [y, m] = today.split('-').map(Number) as [number, number];
    const first = `${today.slice(0, 7)}-01`;
    const last = `${today.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
    const thisMonth = await buildPlacedAction(t, piotr, krk, { since: `${today} 09:00:00`, eventId });
    const lastMonth = await buildPlacedAction(t, piotr, krk, { since: `${wallDay(t, -40)} 09:00:00`, eventId });
    let res!: Awaited<ReturnType<typeof getExport>>;
    const [entry] = await newAuditEntries('exports.actions', async () => {
      res = await getExport(t, 'actions', {}, krkCoordinator.token);
    });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="akcje-${first}-${last}.csv"`);
    const idents = csvObjects(res.rawPayload).map((r) => r['Akcja']);
    expect(idents).toContain(thisMonth.ident);
    expect(idents).not.toContain(lastMonth.ident);
    expect(entry).toMatchObject({ actor_id: krkCoordinator.staffId });
    expect(JSON.parse(entry!.details!)).toEqual({ from: first, to: last });
    // Only `from`: to the end of its month.
    const fromOnly = await getExport(t, 'redemptions', { from: '2031-02-03' }, admin.token);
    expect(fromOnly.headers['content-disposition']).toBe('attachment; filename="wydane-kody-2031-02-03-2031-02-28.csv"');
  });

  it('a bad filter is a JSON envelope with a code, never a file nor a 500; nothing is recorded', async () => {
    const before = (await auditEntries(t, 'exports.actions')).length;
    for (const query of <Record<string, string>[]>[
      { from: '2031-13-45' },
      { from: '2031-01-10', to: '2031-01-09' },
      { status: 'zakonczona' },
      { territory: '' },
      { promoter: 'x'.repeat(65) },
    ]) {
      const res = await getExport(t, 'actions', query, admin.token);
      expect([res.statusCode, res.json().data.error], JSON.stringify(query)).toEqual([400, 'E_VALIDATION']);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const repeated = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/actions.csv?from=2031-01-01&from=2031-01-02',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([repeated.statusCode, repeated.json().data.error]).toEqual([400, 'E_VALIDATION']);
    const tooLong = await getExport(t, 'registrations', { from: '2030-01-01', to: '2031-01-02' }, admin.token);
    expect([tooLong.statusCode, tooLong.json().data.error]).toEqual([422, 'E_PERIOD_TOO_LONG']);
    const yearExactly = await getExport(t, 'registrations', { from: '2030-01-01', to: '2031-01-01' }, admin.token);
    expect(yearExactly.statusCode).toBe(200);
    const unknown = await getExport(t, 'redemptions', { territory: 'NIE-MA-TAKIEGO' }, admin.token);
    expect([unknown.statusCode, unknown.json().data.error]).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    expect((await auditEntries(t, 'exports.actions')).length).toBe(before);
    const anonymous = await getExport(t, 'actions', {}, undefined);
    expect([anonymous.statusCode, anonymous.json().data.error]).toEqual([401, 'E_UNAUTHORIZED']);
  });

  it('a NUL character in the query (PostgreSQL cannot compare it) is 400 E_VALIDATION before the file starts, for every export', async () => {
    const before = (await auditEntries(t, 'exports.actions')).length;
    for (const [name, query] of <['actions' | 'registrations' | 'redemptions', Record<string, string>][]>[
      ['actions', { promoter: '\u0000' }],
      ['actions', { event: 'a\u0000b' }],
      ['registrations', { event: '\u0000' }],
      ['redemptions', { promoter: 'x\u0000' }],
    ]) {
      const res = await getExport(t, name, query, admin.token);
      expect([res.statusCode, res.json().data.error], JSON.stringify(query)).toEqual([400, 'E_VALIDATION']);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    expect((await auditEntries(t, 'exports.actions')).length).toBe(before);
  });

  it('a coordinator gets her territories only; naming another is unknown to her and in the audit log; the client gets no names', async () => {
    const month = (d: number) => ({ since: `${day('07', d)} 10:00:00`, eventId });
    const inWarsaw = await buildPlacedAction(t, anna, waw, month(2));
    const inKrakow = await buildPlacedAction(t, piotr, krk, month(3));
    await buildRegistration(t, anna, inWarsaw, `${day('07', 2)} 11:00:00`, [{ brand: 'Vuse', model: 'Go' }]);
    await buildRegistration(t, piotr, inKrakow, `${day('07', 3)} 11:00:00`, [{ brand: 'Vuse', model: 'Go' }]);
    const [wawCode] = await buildRedeemedCodes(t, eventId, anna, inWarsaw, [`${day('07', 2)} 12:00:00`]);
    const [krkCode] = await buildRedeemedCodes(t, eventId, piotr, inKrakow, [`${day('07', 3)} 12:00:00`]);
    // A code handed out outside any action: no territory, so only for those who see them all.
    const [looseCode] = await buildRedeemedCodes(t, eventId, anna, null, [`${day('07', 4)} 12:00:00`]);
    const period = { from: day('07', 1), to: day('07', 31) };

    const seen = async (staff: Staff, query: Record<string, string> = period) => ({
      actions: csvObjects((await getExport(t, 'actions', query, staff.token)).rawPayload).map((r) => r['Akcja']),
      registrations: csvObjects((await getExport(t, 'registrations', query, staff.token)).rawPayload).map((r) => r['Akcja']),
      codes: csvObjects((await getExport(t, 'redemptions', query, staff.token)).rawPayload).map((r) => r['Kod']),
    });
    expect(await seen(wawCoordinator)).toEqual({ actions: [inWarsaw.ident], registrations: [inWarsaw.ident], codes: [wawCode] });
    expect(await seen(krkCoordinator)).toEqual({ actions: [inKrakow.ident], registrations: [inKrakow.ident], codes: [krkCode] });
    expect(await seen(admin)).toEqual({
      actions: [inWarsaw.ident, inKrakow.ident],
      registrations: [inWarsaw.ident, inKrakow.ident],
      codes: [wawCode, krkCode, looseCode],
    });
    expect(await seen(admin, { ...period, territory: krk })).toEqual({
      actions: [inKrakow.ident],
      registrations: [inKrakow.ident],
      codes: [krkCode],
    });

    for (const name of ['actions', 'registrations', 'redemptions'] as const) {
      const res = await getExport(t, name, { ...period, territory: waw }, krkCoordinator.token);
      expect([res.statusCode, res.json().data.error], name).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    }
    const tried = (await auditEntries(t, 'access.not_found')).filter((e) => e.actor_id === krkCoordinator.staffId);
    expect(tried.every((e) => e.object_type === 'territory' && e.object_id === waw)).toBe(true);
    expect(tried.map((e) => JSON.parse(e.details!).path)).toEqual(
      expect.arrayContaining([
        '/api/admin/exports/actions.csv',
        '/api/admin/exports/registrations.csv',
        '/api/admin/exports/redemptions.csv',
      ]),
    );

    // The brand's viewer: every territory, hostess codes (every registration gives the brand those), no names;
    // results of approved reports only (decision 112): none before the approvals, and never a code
    // handed out outside an action (it has no report).
    expect(await seen(client)).toEqual({ actions: [inWarsaw.ident, inKrakow.ident], registrations: [], codes: [] });
    await buildReview(t, inWarsaw, anna, 'approved');
    await buildReview(t, inKrakow, piotr, 'approved');
    expect(await seen(client)).toEqual({ ...(await seen(admin)), codes: [wawCode, krkCode] });
    const [header] = readCsv((await getExport(t, 'actions', period, client.token)).rawPayload);
    expect(header).toEqual(ACTION_HEADERS.filter((h) => h !== 'Promotorka'));
    expect(readCsv((await getExport(t, 'registrations', period, client.token)).rawPayload)[0]).not.toContain('Promotorka');
  });

  it('registrations.csv: counts per action, promoter, brand and model, test registrations and uncounted brands left out, no consumer data', async () => {
    const action = await buildPlacedAction(t, anna, waw, { since: `${day('08', 5)} 10:00:00`, eventId });
    await assignAlso(t, action, beata, { status: 'finished' });
    const at = `${day('08', 5)} 12:00:00`;
    await buildRegistration(t, anna, action, at, [
      { brand: 'Glo', model: 'Hyper Pro' },
      { brand: 'Velo', model: 'Mięta' },
    ]);
    await buildRegistration(t, anna, action, at, [{ brand: 'Glo', model: 'Hyper Pro' }]);
    await buildRegistration(t, anna, action, at, [{ brand: 'Glo', model: 'Hyper X2' }]);
    await buildRegistration(t, anna, action, at, [{ brand: 'Veo', model: 'Próbka' }]);
    await buildRegistration(t, anna, action, at, [{ brand: 'Glo', model: 'Hyper Pro' }], { test: true });
    await buildRegistration(t, beata, action, at, [{ brand: 'Vuse', model: 'Go' }]);

    const res = await getExport(t, 'registrations', { from: day('08', 1), to: day('08', 31) }, admin.token);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rejestracje-${day('08', 1)}-${day('08', 31)}.csv"`);
    const [header] = readCsv(res.rawPayload);
    expect(header).toEqual([
      'Wydarzenie',
      'Akcja',
      'Nazwa akcji',
      'Terytorium',
      'Planowany początek',
      'Kod hostessy',
      'Promotorka',
      'Marka',
      'Model',
      'Liczba',
    ]);
    const rows = csvObjects(res.rawPayload).map((r) => [r['Kod hostessy'], r['Promotorka'], r['Marka'], r['Model'], r['Liczba']]);
    const hers = [
      [anna.ident, 'Anna Żółkiewska', 'Glo', 'Hyper Pro', '2'],
      [anna.ident, 'Anna Żółkiewska', 'Glo', 'Hyper X2', '1'],
      [anna.ident, 'Anna Żółkiewska', 'Velo', 'Mięta', '1'],
    ];
    const beatas = [[beata.ident, 'Beata Nowak', 'Vuse', 'Go', '1']];
    // By hostess code, then brand and model.
    expect(rows).toEqual(anna.ident < beata.ident ? [...hers, ...beatas] : [...beatas, ...hers]);
    expect(csvObjects(res.rawPayload).every((r) => r['Akcja'] === action.ident && r['Terytorium'] === waw)).toBe(true);
  });

  it('redemptions.csv: the codes handed out, when, on which action and territory, filtered by promoter', async () => {
    const action = await buildPlacedAction(t, anna, waw, { since: `${day('09', 7)} 10:00:00`, eventId });
    const codes = await buildRedeemedCodes(t, eventId, anna, action, [`${day('09', 7)} 11:00:00`, `${day('09', 7)} 10:30:00`], {
      batch: '@partia wrześniowa',
    });
    await buildRedeemedCodes(t, eventId, beata, action, [`${day('09', 7)} 12:00:00`]);
    const res = await getExport(t, 'redemptions', { from: day('09', 1), to: day('09', 30), promoter: anna.ident }, admin.token);
    expect(readCsv(res.rawPayload)[0]).toEqual(['Wydany', 'Wydarzenie', 'Partia', 'Kod', 'Kod hostessy', 'Akcja', 'Terytorium']);
    expect(csvObjects(res.rawPayload)).toEqual([
      {
        Wydany: `${day('09', 7)} 10:30:00`,
        Wydarzenie: eventIdent,
        Partia: "'@partia wrześniowa",
        Kod: codes[1],
        'Kod hostessy': anna.ident,
        Akcja: action.ident,
        Terytorium: waw,
      },
      {
        Wydany: `${day('09', 7)} 11:00:00`,
        Wydarzenie: eventIdent,
        Partia: "'@partia wrześniowa",
        Kod: codes[0],
        'Kod hostessy': anna.ident,
        Akcja: action.ident,
        Terytorium: waw,
      },
    ]);
  });

  it("every total adds up (decision 112): 'Rejestracje' of actions.csv is the sum of registrations.csv; the client gets approved reports' results only", async () => {
    const when = `${day('12', 3)} 10:00:00`;
    const approved = await buildPlacedAction(t, anna, waw, { since: when, eventId, status: 'finished' });
    const sent = await buildPlacedAction(t, beata, waw, { since: `${day('12', 4)} 10:00:00`, eventId, status: 'finished' });
    await buildReview(t, approved, anna, 'approved');
    await buildReview(t, sent, beata, 'changes_requested');
    await buildRegistration(t, anna, approved, `${day('12', 3)} 11:00:00`, [
      { brand: 'Glo', model: 'Hyper Pro' },
      { brand: 'Velo', model: 'Mięta' },
    ]);
    await buildRegistration(t, anna, approved, `${day('12', 3)} 11:10:00`, [{ brand: 'Glo', model: 'Hyper Pro' }]);
    await buildRegistration(t, beata, sent, `${day('12', 4)} 11:00:00`, [{ brand: 'Vuse', model: 'Go' }]);
    await buildRedeemedCodes(t, eventId, anna, approved, [`${day('12', 3)} 12:00:00`]);
    await buildRedeemedCodes(t, eventId, beata, sent, [`${day('12', 4)} 12:00:00`]);
    const period = { from: day('12', 1), to: day('12', 31) };
    const sumOf = (rows: Record<string, string>[]) => rows.reduce((n, r) => n + Number(r['Liczba']), 0);

    for (const who of [admin, wawCoordinator, client]) {
      const actions = csvObjects((await getExport(t, 'actions', period, who.token)).rawPayload);
      const registrations = csvObjects((await getExport(t, 'registrations', period, who.token)).rawPayload);
      const codes = csvObjects((await getExport(t, 'redemptions', period, who.token)).rawPayload);
      const cell = (action: { ident: string }, header: string) => actions.find((r) => r['Akcja'] === action.ident)![header];
      const linesOf = (action: { ident: string }) => registrations.filter((r) => r['Akcja'] === action.ident);
      expect(cell(approved, 'Rejestracje')).toBe('3');
      expect(sumOf(linesOf(approved))).toBe(3);
      expect(cell(approved, 'Wydane kody')).toBe(String(codes.filter((r) => r['Akcja'] === approved.ident).length));
      if (who === client) {
        // Not approved: the action's plan, but none of its results.
        expect([cell(sent, 'Rejestracje'), cell(sent, 'Wydane kody'), cell(sent, 'Stan raportu')]).toEqual(['', '', '']);
        expect(linesOf(sent)).toEqual([]);
        expect(codes.filter((r) => r['Akcja'] === sent.ident)).toEqual([]);
      } else {
        expect(cell(sent, 'Rejestracje')).toBe(String(sumOf(linesOf(sent))));
        expect(cell(sent, 'Rejestracje')).toBe('1');
        expect(cell(sent, 'Wydane kody')).toBe(String(codes.filter((r) => r['Akcja'] === sent.ident).length));
        expect(cell(sent, 'Wydane kody')).toBe('1');
      }
    }
  });

  it('a file longer than a page is read page by page: every row once, in order', async () => {
    const walls = Array.from(
      { length: REDEMPTIONS_PER_PAGE + 3 },
      (_, i) => `${day('10', 1 + (i % 28))} ${String(10 + (i % 8)).padStart(2, '0')}:00:00`,
    );
    const codes = await buildRedeemedCodes(t, eventId, piotr, null, walls);
    const res = await getExport(t, 'redemptions', { from: day('10', 1), to: day('10', 31) }, admin.token);
    const rows = csvObjects(res.rawPayload);
    expect(rows).toHaveLength(walls.length);
    expect(new Set(rows.map((r) => r['Kod']))).toEqual(new Set(codes));
    expect(rows.map((r) => r['Wydany'])).toEqual([...walls].sort());

    // Actions planned at the same minutes: the id breaks the tie between pages. Written at once (the
    // builders would take a query each).
    const { id: krkId } = await t.db.selectFrom('territories').select('id').where('ident', '=', krk).executeTakeFirstOrThrow();
    const planned = Array.from({ length: ACTIONS_PER_PAGE + 2 }, (_, i) => ({
      id: randomUUID(),
      ident: `AK-STR${String(i).padStart(4, '0')}`,
      name: `Akcja ${i}`,
      event_id: eventId,
      territory_id: krkId,
      since: `${day('11', 1 + (i % 3))} 10:00:00`,
      until: `${day('11', 1 + (i % 3))} 18:00:00`,
      global_status: 'accepted' as const,
      created_at: new Date().toISOString(),
    }));
    for (let i = 0; i < planned.length; i += 200)
      await t.db
        .insertInto('actions')
        .values(planned.slice(i, i + 200))
        .execute();
    const actions = csvObjects((await getExport(t, 'actions', { from: day('11', 1), to: day('11', 30) }, krkCoordinator.token)).rawPayload);
    expect(actions).toHaveLength(planned.length);
    expect(new Set(actions.map((r) => r['Akcja']))).toEqual(new Set(planned.map((a) => a.ident)));
    // Without a promoter assigned, her cells are empty.
    expect(actions[0]).toMatchObject({ 'Kod hostessy': '', 'Jej status': '', Rejestracje: '', 'Status akcji': 'Zaplanowana' });
  });
});
