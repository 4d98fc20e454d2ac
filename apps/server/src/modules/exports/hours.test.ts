import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildPlacedAction, buildPromoterOf, buildReview, buildTap, csvObjects, getExport, readCsv } from '../../test/field-data.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { EVERYWHERE } from '../../db/territory-scope.ts';
import { exportHours } from './hours.service.ts';
import type { HoursLine } from './hours-lines.ts';

// hours.csv (issue 34, decision 128) on a real server and database: a month computed by hand, the
// totals summed three ways, who may download it, and the file as the other exports write it.

type Staff = BuiltStaff & { token: string };
type Row = Record<string, string>;

const HEADERS = [
  'Kod hostessy',
  'Promotorka',
  'Dzień',
  'Akcje',
  'Plan (min)',
  'Czas pracy (min)',
  'Różnica (min)',
  'Zatwierdzone akcje',
  'Czas zatwierdzony (min)',
  'Zatwierdzone',
  'Uwagi',
];
const FIGURES = ['Akcje', 'Plan (min)', 'Czas pracy (min)', 'Różnica (min)', 'Zatwierdzone akcje', 'Czas zatwierdzony (min)'];

type ShiftOptions = {
  status?: 'started' | 'finished' | null;
  in?: string;
  out?: string;
  review?: 'approved' | 'changes_requested' | 'submitted';
  global?: 'hst_cancelled';
};

describe.each(testDatabases)('hours.csv (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: Staff;
  let wawCoordinator: Staff;
  let krkCoordinator: Staff;
  let client: Staff;
  let privacy: Staff;
  let anna: BuiltPromoter;
  let beata: BuiltPromoter;
  let piotr: BuiltPromoter;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
    anna = await buildPromoterOf(t, waw, { firstname: 'Anna', lastname: 'Żółkiewska' });
    beata = await buildPromoterOf(t, waw, { firstname: 'Beata', lastname: 'Nowak' });
    piotr = await buildPromoterOf(t, krk, { firstname: 'Piotr', lastname: 'Kowalski' });
  });
  afterAll(() => t.close());

  /** Her shift: an action of the territory planned `since`–`until` (wall clock), her taps and her report's review. */
  async function shift(promoter: BuiltPromoter, territory: string, since: string, until: string, o: ShiftOptions = {}) {
    const status = o.status === undefined ? (o.out ? 'finished' : o.in ? 'started' : null) : o.status;
    const action = await buildPlacedAction(t, promoter, territory, { since, until, status, global: o.global ?? 'accepted' });
    if (o.in) await buildTap(t, action, promoter, 'check_in', o.in);
    if (o.out) await buildTap(t, action, promoter, 'check_out', o.out);
    if (o.review && o.review !== 'submitted') await buildReview(t, action, promoter, o.review);
    return action;
  }

  const hours = async (query: Record<string, string>, who: Staff = admin) => {
    const res = await getExport(t, 'hours', query, who.token);
    expect(res.statusCode, res.body).toBe(200);
    return csvObjects(res.rawPayload);
  };
  /** '8 godz. 17 min' of the minutes between an instant and now, as the live day words it. */
  const spanSince = (wall: string) => {
    const m = Math.round((t.clock.now().getTime() - instantOfWall(wall, t.config.timezone).getTime()) / 60_000);
    return m < 60 ? `${m} min` : `${Math.floor(m / 60)} godz.${m % 60 ? ` ${m % 60} min` : ''}`;
  };

  it('a month computed by hand: days of the planned start, across midnight and the autumn hour, flags by the live rules', async () => {
    // October 2025: the clocks go back on the 26th at 03:00 (CEST → CET).
    await shift(anna, waw, '2025-10-06 09:00:00', '2025-10-06 17:00:00', {
      in: '2025-10-06 09:05:40',
      out: '2025-10-06 16:50:10',
      review: 'approved',
    });
    const a2 = await shift(anna, waw, '2025-10-06 18:00:00', '2025-10-06 20:00:00', {
      in: '2025-10-06 17:58:00',
      out: '2025-10-06 20:45:00',
    });
    // Across midnight and the repeated hour: planned 8 wall hours are 9 real ones; it is the 25th's.
    await shift(anna, waw, '2025-10-25 22:00:00', '2025-10-26 06:00:00', {
      in: '2025-10-25 21:50:00',
      out: '2025-10-26 06:00:00',
      review: 'approved',
    });
    // Across the month's end: the 31st's, in October's file.
    const a4 = await shift(anna, waw, '2025-10-31 22:00:00', '2025-11-01 04:00:00', {
      in: '2025-10-31 21:00:00',
      out: '2025-11-01 01:00:00',
      review: 'changes_requested',
    });
    // Planned on the 30th of September: September's, though she worked into October.
    await shift(anna, waw, '2025-09-30 22:00:00', '2025-10-01 06:00:00', {
      in: '2025-09-30 22:00:00',
      out: '2025-10-01 06:00:00',
      review: 'approved',
    });
    // Cancelled by her, and by the organiser: no shift.
    const mine = await shift(anna, waw, '2025-10-15 10:00:00', '2025-10-15 14:00:00', { status: null });
    await t.db
      .updateTable('action_assignments')
      .set({ cancelled_at: '2025-10-14T10:00:00.000Z' })
      .where('action_id', '=', mine.uuid)
      .execute();
    await shift(anna, waw, '2025-10-20 10:00:00', '2025-10-20 18:00:00', { global: 'hst_cancelled' });
    const a8 = await shift(anna, waw, '2025-10-22 10:00:00', '2025-10-22 12:00:00');
    // An hour late is at the threshold the live day gives an early start (≥): flagged.
    const late = await shift(anna, waw, '2025-10-08 10:00:00', '2025-10-08 14:00:00', {
      in: '2025-10-08 11:00:00',
      out: '2025-10-08 14:00:00',
    });
    const a9 = await shift(anna, waw, '2025-10-28 10:00:00', '2025-10-28 18:00:00', {
      in: '2025-10-28 10:00:00',
      out: '2025-10-28 11:30:00',
      review: 'approved',
    });
    const a10 = await shift(anna, waw, '2025-10-29 10:00:00', '2025-10-29 14:00:00', { in: '2025-10-29 10:00:00' });
    await shift(beata, waw, '2025-10-06 09:00:00', '2025-10-06 17:00:00', {
      in: '2025-10-06 09:00:00',
      out: '2025-10-06 17:00:00',
      review: 'approved',
    });
    await shift(piotr, krk, '2025-10-07 10:00:00', '2025-10-07 18:00:00', {
      in: '2025-10-07 10:00:00',
      out: '2025-10-07 18:00:00',
      review: 'approved',
    });

    const line = (who: BuiltPromoter, name: string, day: string, figures: number[], approved: string, flags = '') => ({
      'Kod hostessy': who.ident,
      Promotorka: name,
      Dzień: day,
      ...Object.fromEntries(FIGURES.map((h, i) => [h, String(figures[i])])),
      Zatwierdzone: approved,
      Uwagi: flags,
    });
    const annaName = 'Anna Żółkiewska';
    expect(await hours({ from: '2025-10-01', to: '2025-10-31' })).toEqual([
      line(piotr, 'Piotr Kowalski', '2025-10-07', [1, 480, 480, 0, 1, 480], 'tak'),
      line(piotr, 'Piotr Kowalski', 'Razem', [1, 480, 480, 0, 1, 480], 'tak'),
      line(beata, 'Beata Nowak', '2025-10-06', [1, 480, 480, 0, 1, 480], 'tak'),
      line(beata, 'Beata Nowak', 'Razem', [1, 480, 480, 0, 1, 480], 'tak'),
      // 09:05–16:50 (the seconds dropped, as the report shows them) and 17:58–20:45.
      line(anna, annaName, '2025-10-06', [2, 600, 632, 32, 1, 465], 'częściowo', `${a2.ident}: 45 min po planowanym końcu`),
      line(anna, annaName, '2025-10-08', [1, 240, 180, -60, 0, 0], 'nie', `${late.ident}: Start 1 godz. po planie`),
      line(anna, annaName, '2025-10-22', [1, 120, 0, -120, 0, 0], 'nie', `${a8.ident}: Nie rozpoczęta`),
      // 21:50 CEST to 06:00 CET is 9 h 10 min.
      line(anna, annaName, '2025-10-25', [1, 540, 550, 10, 1, 550], 'tak'),
      // Ended 6 h 30 min before the plan: short, and early (≥ the 30 min a shift may run over).
      line(
        anna,
        annaName,
        '2025-10-28',
        [1, 480, 90, -390, 1, 90],
        'tak',
        `${a9.ident}: Bardzo krótka zmiana: 1 godz. 30 min; ${a9.ident}: Koniec 6 godz. 30 min przed planem`,
      ),
      line(
        anna,
        annaName,
        '2025-10-29',
        [1, 240, 0, -240, 0, 0],
        'nie',
        `${a10.ident}: ${spanSince('2025-10-29 14:00:00')} po planowanym końcu; ${a10.ident}: W trakcie, bez zakończenia`,
      ),
      // An hour early is at the threshold (≥): flagged.
      line(
        anna,
        annaName,
        '2025-10-31',
        [1, 360, 240, -120, 0, 0],
        'nie',
        `${a4.ident}: Start 1 godz. przed planem; ${a4.ident}: Koniec 3 godz. przed planem`,
      ),
      line(
        anna,
        annaName,
        'Razem',
        [8, 2580, 1692, -888, 3, 1105],
        'częściowo',
        'Nie rozpoczęta: 1; Start długo przed planem: 1; Po planowanym końcu: 2; Bardzo krótka zmiana: 1; Spóźniony start: 1; Wcześniejszy koniec: 2; W trakcie: 1',
      ),
    ]);

    // A coordinator gets her territories' shifts only.
    const forWarsaw = await hours({ from: '2025-10-01', to: '2025-10-31' }, wawCoordinator);
    expect(new Set(forWarsaw.map((r) => r['Kod hostessy']))).toEqual(new Set([anna.ident, beata.ident]));
    const forKrakow = await hours({ from: '2025-10-01', to: '2025-10-31' }, krkCoordinator);
    expect(forKrakow.map((r) => [r['Kod hostessy'], r['Dzień']])).toEqual([
      [piotr.ident, '2025-10-07'],
      [piotr.ident, 'Razem'],
    ]);
    // One day is a period too; the promoter filter keeps hers.
    expect((await hours({ from: '2025-10-06', to: '2025-10-06', promoter: anna.ident })).map((r) => r['Dzień'])).toEqual([
      '2025-10-06',
      'Razem',
    ]);
  });

  it('every total adds up three ways: her days, her total row, and the approved reports of actions.csv', async () => {
    // July 2026 (no clock change): three promoters, several shifts a day, approved or not.
    const reviews = ['approved', 'submitted', 'approved', 'changes_requested', 'approved'] as const;
    const people = [anna, beata, piotr];
    for (const [p, who] of people.entries()) {
      const territory = who === piotr ? krk : waw;
      for (let i = 0; i < 9; i++) {
        const day = `2026-07-${String(1 + ((i * 3 + p) % 28)).padStart(2, '0')}`;
        const hour = 8 + (i % 3) * 4;
        const hh = (h: number, m = 0) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
        await shift(who, territory, `${day} ${hh(hour)}`, `${day} ${hh(hour + 3)}`, {
          in: `${day} ${hh(hour, (i * 7) % 20)}`,
          out: `${day} ${hh(hour + 2 + (i % 3), (i * 11) % 60)}`,
          review: reviews[(i + p) % reviews.length],
        });
      }
    }
    const period = { from: '2026-07-01', to: '2026-07-31' };
    const rows = await hours(period);
    const num = (r: Row, h: string) => Number(r[h]);

    // 1. Her days sum to her total row, column by column.
    for (const who of people) {
      const hers = rows.filter((r) => r['Kod hostessy'] === who.ident);
      const days = hers.filter((r) => r['Dzień'] !== 'Razem');
      const [total] = hers.filter((r) => r['Dzień'] === 'Razem');
      expect(days.length).toBeGreaterThan(1);
      for (const h of FIGURES)
        expect(
          days.reduce((sum, r) => sum + num(r, h), 0),
          `${who.ident} ${h}`,
        ).toBe(num(total!, h));
    }

    // 2. Her approved total from actions.csv, read as a reviewer reads it: approved reports' tapped start and end.
    const actions = csvObjects((await getExport(t, 'actions', period, admin.token)).rawPayload);
    const minutes = (wall: string) => instantOfWall(wall, t.config.timezone).getTime() / 60_000;
    for (const who of people) {
      const approved = actions.filter((r) => r['Kod hostessy'] === who.ident && r['Stan raportu'] === 'Zaakceptowany');
      const mine = actions.filter((r) => r['Kod hostessy'] === who.ident);
      const total = rows.find((r) => r['Kod hostessy'] === who.ident && r['Dzień'] === 'Razem')!;
      expect(num(total, 'Zatwierdzone akcje')).toBe(approved.length);
      expect(num(total, 'Czas zatwierdzony (min)')).toBe(
        approved.reduce((s, r) => s + minutes(r['Zakończenie']!) - minutes(r['Rozpoczęcie']!), 0),
      );
      expect(num(total, 'Czas pracy (min)')).toBe(mine.reduce((s, r) => s + minutes(r['Zakończenie']!) - minutes(r['Rozpoczęcie']!), 0));
      expect(num(total, 'Plan (min)')).toBe(
        mine.reduce((s, r) => s + minutes(r['Planowany koniec']!) - minutes(r['Planowany początek']!), 0),
      );
    }

    // 3. Straight from the database: each approved report's first check-in to last check-out.
    const direct = await t.db
      .selectFrom('action_assignments as s')
      .innerJoin('actions as a', 'a.id', 's.action_id')
      .innerJoin('report_reviews as r', (j) => j.onRef('r.action_id', '=', 's.action_id').onRef('r.user_id', '=', 's.user_id'))
      .innerJoin('action_status_events as i', (j) => j.onRef('i.action_id', '=', 's.action_id').onRef('i.user_id', '=', 's.user_id'))
      .innerJoin('action_status_events as o', (j) => j.onRef('o.action_id', '=', 's.action_id').onRef('o.user_id', '=', 's.user_id'))
      .where('i.kind', '=', 'check_in')
      .where('o.kind', '=', 'check_out')
      .where('r.state', '=', 'approved')
      .where('s.status', '=', 'finished')
      .where('a.since', '>=', '2026-07-01 00:00:00')
      .where('a.since', '<', '2026-08-01 00:00:00')
      .select(['i.created_at as started', 'o.created_at as ended'])
      .execute();
    const directMinutes = direct.reduce((s, r) => s + (Date.parse(r.ended) - Date.parse(r.started)) / 60_000, 0);
    const totals = rows.filter((r) => r['Dzień'] === 'Razem');
    expect(totals.reduce((s, r) => s + num(r, 'Czas zatwierdzony (min)'), 0)).toBe(directMinutes);
    expect(totals.reduce((s, r) => s + num(r, 'Zatwierdzone akcje'), 0)).toBe(direct.length);
    expect(directMinutes).toBeGreaterThan(0);
  });

  it('a file as the other exports write it: BOM, Polish headers, its name, numbers as numbers, a formula as text', async () => {
    const mallory = await buildPromoterOf(t, waw, { firstname: '=HYPERLINK("x")', lastname: 'Zła' });
    await shift(mallory, waw, '2025-03-10 10:00:00', '2025-03-10 18:00:00', { in: '2025-03-10 10:30:00', out: '2025-03-10 16:00:00' });
    const res = await getExport(t, 'hours', { from: '2025-03-01', to: '2025-03-31' }, admin.token);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="godziny-pracy-2025-03-01-2025-03-31.csv"');
    expect(readCsv(res.rawPayload)[0]).toEqual(HEADERS);
    const text = res.rawPayload.toString('utf8');
    // A negative minute count stays a number; the name that would run as a formula starts with an apostrophe.
    expect(text).toContain(';-150;');
    expect(csvObjects(res.rawPayload)[0]!['Promotorka']).toBe(`'=HYPERLINK("x") Zła`);
  });

  it('admin and coordinators only: the client and the privacy officer are refused, nothing is recorded for them', async () => {
    const period = { from: '2025-04-01', to: '2025-04-30' };
    for (const who of [client, privacy]) {
      const res = await getExport(t, 'hours', period, who.token);
      expect([res.statusCode, res.json().data]).toEqual([403, { error: 'E_FORBIDDEN' }]);
    }
    expect((await getExport(t, 'hours', period, undefined)).statusCode).toBe(401);
    const recorded = (await auditEntries(t, 'exports.hours')).map((e) => e.actor_id);
    expect(recorded).not.toContain(client.staffId);
    expect(recorded).not.toContain(privacy.staffId);
  });

  it("the other territory's coordinator: Warsaw named is unknown to her, Anna's code an empty file, as a code no one has", async () => {
    await shift(anna, waw, '2025-05-05 10:00:00', '2025-05-05 18:00:00', { in: '2025-05-05 10:00:00', out: '2025-05-05 18:00:00' });
    const period = { from: '2025-05-01', to: '2025-05-31' };
    // The answer as she reads it: the status and the body (an envelope's time left out).
    const answer = async (query: Record<string, string>) => {
      const res = await getExport(t, 'hours', { ...period, ...query }, krkCoordinator.token);
      return [res.statusCode, res.statusCode === 200 ? res.body : res.json().data];
    };
    const unknownTerritory = await answer({ territory: 'NIE-MA' });
    expect(unknownTerritory).toEqual([422, { error: 'E_TERRITORY_NOT_FOUND' }]);
    expect(await answer({ territory: waw })).toEqual(unknownTerritory);
    const noOne = await answer({ promoter: 'NIKT-TAKI' });
    expect(noOne).toEqual([200, `\uFEFF${HEADERS.join(';')}\r\n`]);
    expect(await answer({ promoter: anna.ident })).toEqual(noOne);
    // Her Warsaw colleague gets the day.
    expect((await hours({ ...period, promoter: anna.ident }, wawCoordinator)).map((r) => r['Dzień'])).toEqual(['2025-05-05', 'Razem']);
  });

  it('each download is in the audit log with its filter, before the file; a bad filter is an envelope, never a file', async () => {
    const before = (await auditEntries(t, 'exports.hours')).length;
    await hours({ from: '2025-06-01', to: '2025-06-30', territory: waw }, wawCoordinator);
    const [entry] = await auditEntries(t, 'exports.hours');
    expect((await auditEntries(t, 'exports.hours')).length).toBe(before + 1);
    expect(entry).toMatchObject({ actor_id: wawCoordinator.staffId });
    expect(JSON.parse(entry!.details!)).toEqual({ from: '2025-06-01', to: '2025-06-30', territory: waw });

    const bad = await getExport(t, 'hours', { from: '2025-06-31' }, admin.token);
    expect([bad.statusCode, bad.json().data.error]).toEqual([400, 'E_VALIDATION']);
    const long = await getExport(t, 'hours', { from: '2024-01-01', to: '2025-06-30' }, admin.token);
    expect([long.statusCode, long.json().data.error]).toEqual([422, 'E_PERIOD_TOO_LONG']);
    expect((await auditEntries(t, 'exports.hours')).length).toBe(before + 1);
  });

  it('pages of promoters: every promoter once, whole, in order, namesakes told apart by their code', async () => {
    const namesakes: BuiltPromoter[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await buildPromoterOf(t, krk, { firstname: 'Ewa', lastname: i < 3 ? 'Adamska' : `Bąk ${i}` });
      namesakes.push(p);
      await shift(p, krk, '2025-08-04 10:00:00', '2025-08-04 12:00:00', { in: '2025-08-04 10:00:00', out: '2025-08-04 12:00:00' });
      await shift(p, krk, '2025-08-05 10:00:00', '2025-08-05 12:00:00', { in: '2025-08-05 10:00:00', out: '2025-08-05 11:00:00' });
    }
    const query = { from: '2025-08-01', to: '2025-08-31' };
    const whole = await hours(query, krkCoordinator);
    expect(whole).toHaveLength(15);

    // The service itself, two promoters a page (the route's pages are a hundred).
    const file = await exportHours(
      { db: t.db, now: t.clock.now, timezone: t.config.timezone, thresholds: t.config.live, promotersPerPage: 2 },
      {
        actor: { type: 'staff', id: admin.staffId, name: admin.username, roles: ['admin'], address: '127.0.0.1' },
        staff: { scope: EVERYWHERE },
      } as Parameters<typeof exportHours>[1],
      { ...query, territory: krk },
    );
    const pages: HoursLine[][] = [];
    for await (const page of file.pages) pages.push([...page]);
    expect(pages.map((p) => p.length)).toEqual([6, 6, 3]);
    const codes = pages.flat().map((l) => l.hostessCode);
    expect(codes).toEqual(whole.map((r) => r['Kod hostessy']));
    const adamskie = namesakes
      .slice(0, 3)
      .map((p) => p.ident)
      .sort();
    expect([...new Set(codes)].slice(0, 3)).toEqual(adamskie);
  });
});
