import { describe, expect, it } from 'vitest';
import { PLAN_CSV_COLUMNS, PLAN_CSV_POLISH_HEADERS, planTemplateCsv } from '@promotor/contract/rules';
import { withCpuMs } from '../../test/cpu-time.ts';
import { planCsv, planRow, type PlanCsvOptions, type PlanRowValues } from '../../test/plan-csv.ts';
import { PLAN_CSV_MAX_ROWS, readPlanCsv, type PlanCsvError } from './plan-csv.ts';
import { checkPlanReferences, unknownReferences, type PlanReferences } from './plan-references.ts';
import { planActionsFromRows } from './plan-rows.ts';

const ZONE = 'Europe/Warsaw';
const HEADER = PLAN_CSV_COLUMNS.join(';');
const ROW = Object.values(planRow()).join(';');

/** The file's actions, or its errors, from reading to grouping (the references aside). */
async function plan(file: string | Uint8Array) {
  const read = await readPlanCsv(file);
  if (read.errors.length > 0) return { actions: [], errors: read.errors };
  return planActionsFromRows(read.rows, ZONE);
}

const errorsOf = async (rows: Partial<PlanRowValues>[], o?: PlanCsvOptions) => (await plan(planCsv(rows.map(planRow), o))).errors;

describe('reading a plan file', () => {
  it.each<[string, PlanCsvOptions]>([
    ['semicolons', { separator: ';' }],
    ['commas', { separator: ',' }],
    ['a BOM', { bom: true }],
    ['a BOM, commas and CRLF line breaks', { bom: true, separator: ',', lineBreak: '\r\n' }],
  ])('reads a file with %s', async (_name, o) => {
    const file = planCsv([planRow({ promoters: 'HST1, HST2' }), planRow({ point_name: 'Arkadia' })], o);
    const { actions, errors } = await plan(Buffer.from(file, 'utf8'));
    expect(errors).toEqual([]);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      event: 'EV-PLAN',
      territory: 'WAW-CENTRUM',
      since: '2030-03-04 10:00:00',
      until: '2030-03-04 18:00:00',
      rows: [2, 3],
      points: [
        {
          name: 'Galeria Mokotów',
          street: 'ul. Wołoska 12',
          postalCode: '02-675',
          petraId: 'PT-1',
          latitude: 52.1799,
          longitude: 21.0034,
          row: 2,
        },
        { name: 'Arkadia', row: 3 },
      ],
    });
    expect([...actions[0]!.promoters]).toEqual([
      ['HST1', [2]],
      ['HST2', [2]],
    ]);
  });

  it('keeps Polish letters, separators and quotes inside quoted fields', async () => {
    const name = 'Żółć; "Gęś", źdźbło – Łódź';
    const file = planCsv([planRow({ name, point_name: 'Świętokrzyska, róg', city: 'Łódź', promoters: 'HST1,HST2' })], { separator: ',' });
    expect(file).toContain('"HST1,HST2"');
    const { actions } = await plan(Buffer.from(file, 'utf8'));
    expect(actions[0]).toMatchObject({ name, points: [{ name: 'Świętokrzyska, róg', city: 'Łódź' }] });
    expect([...actions[0]!.promoters.keys()]).toEqual(['HST1', 'HST2']);
  });

  it('accepts coordinates with a decimal comma, and empty optional cells as nothing', async () => {
    const file = planCsv([
      planRow({ latitude: '52,1799', longitude: '21,0034' }),
      planRow({ postal_code: '', petra_id: '', latitude: '', longitude: '' }),
    ]);
    expect((await plan(file)).actions[0]!.points).toMatchObject([
      { latitude: 52.1799, longitude: 21.0034 },
      { postalCode: null, petraId: null, latitude: null, longitude: null },
    ]);
  });

  it('counts a quoted line break and blank lines in the row numbers, and skips blank lines', async () => {
    const file = `${HEADER}\n\n${ROW.replace('Galeria Mokotów', '"Galeria\nMokotów"')}\n;;;;;;;;;;;;;\n${ROW.replace('2030-03-04', '2030-02-30')}\n`;
    expect((await plan(file)).errors).toEqual([{ row: 6, column: 'date', message: 'Taka data nie istnieje.' }]);
  });

  it('ignores trailing empty columns a spreadsheet adds', async () => {
    expect((await plan(`${HEADER};;\n${ROW};;\n`)).errors).toEqual([]);
  });

  it.each<[string, string | Uint8Array, PlanCsvError]>([
    ['an empty file', '\uFEFF \n', { row: 1, column: null, message: 'Plik jest pusty.' }],
    ['a file with only the header', `${HEADER}\n`, { row: 1, column: null, message: 'Plik nie ma żadnego wiersza planu pod nagłówkiem.' }],
    [
      'a header of names it does not know',
      `${HEADER.replace('from;to', 'start;koniec')}\n${ROW}\n`,
      { row: 1, column: null, message: 'Nieznane kolumny w nagłówku: „start”.' },
    ],
    [
      'a header without a column it needs',
      `${HEADER.replace('city;', '')}\n${ROW.replace('Warszawa;', '')}\n`,
      { row: 1, column: null, message: 'Brak kolumn w nagłówku: „miasto”.' },
    ],
    [
      'a header naming a column twice',
      `${HEADER.replace('name;', 'data;')}\n${ROW}\n`,
      { row: 1, column: null, message: 'Kolumny podane dwa razy: „data”.' },
    ],
    [
      'a first line that is no header',
      `${ROW}\n${ROW}\n`,
      { row: 1, column: null, message: expect.stringContaining('wydarzenie;nazwa_akcji') },
    ],
    [
      'a file in Windows-1250',
      Buffer.concat([Buffer.from(`${HEADER}\n${ROW}\n`), Buffer.from([0xb3, 0x0a])]),
      { row: 3, column: null, message: expect.stringContaining('UTF-8') },
    ],
    [
      'a quote never closed',
      `${HEADER}\n${ROW}\n"${ROW}\n${ROW}\n`,
      { row: 3, column: null, message: 'Cudzysłów otwarty w tym wierszu nie jest zamknięty.' },
    ],
    [
      'text after a closing quote',
      `${HEADER}\n${ROW.replace('Warszawa', '"Warsz"awa')}\n`,
      { row: 2, column: null, message: expect.stringContaining('cudzysłowem') },
    ],
    [
      'a row with fields missing',
      `${HEADER}\n${ROW}\n1;2;3\n`,
      { row: 3, column: null, message: 'Liczba pól w wierszu: 3 zamiast 15. Sprawdź separator i cudzysłowy.' },
    ],
    [
      'a row split by the other separator',
      `${HEADER}\n${ROW.replaceAll(';', ',')}\n`,
      { row: 2, column: null, message: expect.stringContaining('Liczba pól w wierszu: 1 ') },
    ],
  ])('refuses %s, naming the line', async (_name, file, error) => {
    expect((await plan(file)).errors).toEqual([error]);
  });

  it(`refuses a file of more than ${PLAN_CSV_MAX_ROWS} rows`, async () => {
    const file = `${HEADER}\n${`${ROW}\n`.repeat(PLAN_CSV_MAX_ROWS + 1)}`;
    expect((await plan(file)).errors).toEqual([{ row: 1, column: null, message: expect.stringContaining('podziel go') }]);
  });

  it('counts blank lines toward the limit: one row and 800,000 blank lines are refused at once', async () => {
    // Bounded by the CPU it costs (test/cpu-time.ts), not by a busy machine's wall clock.
    const { result: read, ms } = await withCpuMs(() => readPlanCsv(`${HEADER}\n${ROW}\n${'\n'.repeat(800_000)}`));
    expect(read.errors).toEqual([{ row: 1, column: null, message: expect.stringContaining('puste też się liczą') }]);
    expect(ms).toBeLessThan(1000);
    const lone = await readPlanCsv(`${HEADER}\r${ROW}\r${'\r'.repeat(PLAN_CSV_MAX_ROWS)}`);
    expect(lone.errors).toEqual([{ row: 1, column: null, message: expect.stringContaining('puste też się liczą') }]);
  });

  it(`reads ${PLAN_CSV_MAX_ROWS} lines under the header, blank and whitespace ones among them, naming rows by line`, async () => {
    const blank = `${'\n'.repeat(PLAN_CSV_MAX_ROWS / 2 - 1)}${' \n'.repeat(PLAN_CSV_MAX_ROWS / 2 - 1)}`;
    const read = await readPlanCsv(`${HEADER}\n${ROW}\n${blank}${ROW.replace('2030-03-04', '2030-03-05')}\n`);
    expect(read.errors).toEqual([]);
    expect(read.rows.map((r) => r.row)).toEqual([2, PLAN_CSV_MAX_ROWS + 1]);
  });
});

describe('a Polish spreadsheet (decision 114)', () => {
  const polish = Object.values(PLAN_CSV_POLISH_HEADERS).join(';');

  it('reads Polish column names in any order and case, with or without Polish letters, the optional columns left out', async () => {
    const header = 'Data;Od;Do;Wydarzenie;Nazwa akcji;Terytorium;Nazwa punktu;Ulica;Miasto;Szerokosc;DŁUGOŚĆ;Promotorzy';
    const row = '04.03.2030;9:00;17:30;EV-PLAN;Sampling;WAW-CENTRUM;Arkadia;al. Jana Pawła II 82;Warszawa;52,2567;20,9842;HST1';
    const { actions, errors } = await plan(`${header}\n${row}\n`);
    expect(errors).toEqual([]);
    expect(actions[0]).toMatchObject({
      event: 'EV-PLAN',
      since: '2030-03-04 09:00:00',
      until: '2030-03-04 17:30:00',
      points: [{ name: 'Arkadia', postalCode: null, petraId: null, latitude: 52.2567, longitude: 20.9842 }],
    });
    expect([...actions[0]!.promoters.keys()]).toEqual(['HST1']);
  });

  it.each([
    ['30.11.2030', '2030-11-30'],
    ['1.2.2030', '2030-02-01'],
    ['2030-11-30', '2030-11-30'],
  ])('reads the date %s as %s', async (date, day) => {
    expect((await plan(planCsv([planRow({ date })]))).actions[0]!.since).toBe(`${day} 10:00:00`);
  });

  it.each([
    ['9:00', '09:00'],
    ['09:05', '09:05'],
    ['9:00:00', '09:00'],
    ['23:00', '23:00'],
  ])('reads the time %s as %s', async (from, time) => {
    expect((await plan(planCsv([planRow({ from, to: '23:59' })]))).actions[0]!.since).toBe(`2030-03-04 ${time}:00`);
  });

  it('the template offered for download (szablon-planu.csv) reads without an error', async () => {
    const file = planTemplateCsv('2030-11-30');
    expect(file.split('\r\n')[0]).toBe(`\uFEFF${polish}`);
    const { actions, errors } = await plan(Buffer.from(file, 'utf8'));
    expect(errors).toEqual([]);
    expect(actions[0]).toMatchObject({ since: '2030-11-30 09:00:00', until: '2030-11-30 17:00:00', points: [{ latitude: 52.2301 }] });
  });
});

describe('judging the rows', () => {
  it.each<[string, Partial<PlanRowValues>, PlanCsvError['column'], string]>([
    ['a date of another shape', { date: '04/03/2030' }, 'date', 'Data musi mieć postać DD.MM.RRRR albo RRRR-MM-DD, np. 30.11.2026.'],
    ['a date that does not exist', { date: '2030-02-29' }, 'date', 'Taka data nie istnieje.'],
    ['a time of another shape', { from: '9.00' }, 'from', 'Godzina musi mieć postać GG:MM, np. 9:30 albo 09:30.'],
    ['hour 24', { to: '24:00' }, 'to', 'Godzina musi mieć postać GG:MM, np. 9:30 albo 09:30.'],
    ['an end before the start', { from: '18:00', to: '10:00' }, 'to', 'Koniec akcji musi być później niż jej początek.'],
    [
      'a time skipped when clocks go forward',
      { date: '2030-03-31', from: '02:30', to: '08:00' },
      'from',
      'Tej godziny nie ma w tym dniu (zmiana czasu).',
    ],
    ['no event', { event: '' }, 'event', 'Podaj identyfikator wydarzenia.'],
    ['an event ident with spaces', { event: 'EV 2030' }, 'event', expect.stringContaining('Identyfikator wydarzenia')],
    ['no action name', { name: ' ' }, 'name', 'Podaj nazwę akcji.'],
    ['no territory', { territory: '' }, 'territory', 'Podaj terytorium.'],
    ['no point name', { point_name: '' }, 'point_name', 'Podaj nazwę punktu.'],
    ['no street', { street: '' }, 'street', 'Podaj ulicę i numer.'],
    ['no city', { city: '' }, 'city', 'Podaj miejscowość.'],
    ['a postal code without the dash', { postal_code: '02675' }, 'postal_code', 'Kod pocztowy musi mieć postać 00-000.'],
    ['a latitude out of range', { latitude: '95' }, 'latitude', expect.stringContaining('od -90 do 90')],
    ['a longitude that is no number', { longitude: 'wschód' }, 'longitude', expect.stringContaining('od -180 do 180')],
    ['one coordinate only', { longitude: '' }, 'longitude', 'Podaj obie współrzędne albo żadnej.'],
  ])('refuses %s in its column', async (_name, values, column, message) => {
    expect(await errorsOf([{}, values])).toEqual([{ row: 3, column, message }]);
  });

  it('refuses a row naming more hostess codes than one assignment takes', async () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `HST${i}`).join(',');
    expect(await errorsOf([{}, { promoters: codes(51) }])).toEqual([
      { row: 3, column: 'promoters', message: 'Wiersz może wskazać najwyżej 50 kodów hostess.' },
    ]);
    expect(await errorsOf([{ promoters: codes(50) }])).toEqual([]);
  });

  it('reports every bad cell of every row, and no action when any row is bad', async () => {
    const result = await plan(planCsv([planRow({ date: 'jutro', city: '' }), planRow(), planRow({ to: '25:00' })]));
    expect(result.actions).toEqual([]);
    expect(result.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'date'],
      [2, 'city'],
      [4, 'to'],
    ]);
  });

  it('makes one action of the rows with the same event, name, territory, date and times', async () => {
    const { actions } = await plan(
      planCsv([
        planRow({ promoters: 'HST1' }),
        planRow({ point_name: 'Punkt 2', promoters: 'HST2,HST1' }),
        planRow({ to: '17:00' }),
        planRow({ territory: 'WAW-POLUDNIE' }),
        planRow({ event: 'EV-INNE' }),
        planRow({ date: '2030-03-05' }),
        planRow({ name: 'Inna akcja' }),
      ]),
    );
    expect(actions.map((a) => a.rows)).toEqual([[2, 3], [4], [5], [6], [7], [8]]);
    expect([...actions[0]!.promoters]).toEqual([
      ['HST1', [2, 3]],
      ['HST2', [3]],
    ]);
  });
});

describe('what the rows name', () => {
  const known: PlanReferences = {
    events: new Set(['EV-PLAN']),
    territories: new Map([
      ['WAW-CENTRUM', { id: 't1' }],
      ['KRK-STARE-MIASTO', { id: 't2' }],
    ]),
    promoters: new Map([
      ['HST1', { id: 'u1', territories: new Set(['WAW-CENTRUM']), active: true }],
      ['HST2', { id: 'u2', territories: new Set(['KRK-STARE-MIASTO']), active: true }],
      ['HST3', { id: 'u3', territories: new Set(['WAW-CENTRUM']), active: false }],
      ['HST4', { id: 'u4', territories: new Set(['KRK-STARE-MIASTO']), active: false }],
      ['HST5', { id: 'u5', territories: new Set(['WAW-MOKOTOW']), active: true }],
    ]),
    scope: new Set(['WAW-CENTRUM', 'WAW-MOKOTOW']),
  };
  const check = async (rows: Partial<PlanRowValues>[], scope: PlanReferences['scope'] = known.scope) =>
    checkPlanReferences((await plan(planCsv(rows.map(planRow)))).actions, { ...known, scope });

  it('accepts known territories and promoters of them', async () => {
    expect(await check([{ promoters: 'HST1' }])).toEqual([]);
  });

  it.each<[string, Partial<PlanRowValues>, PlanCsvError['column'], string]>([
    // Decision 123: a file never makes an event; a typo in its code is an error of its rows.
    ['an unknown event', { event: 'EV-PLNA' }, 'event', 'Nie ma wydarzenia „EV-PLNA”. Dodaj je na stronie Wydarzenia.'],
    ['an unknown territory', { territory: 'GDA-CENTRUM' }, 'territory', 'Nie ma terytorium „GDA-CENTRUM”.'],
    // Outside the caller's territories: word for word as what does not exist (decision 109).
    ['a territory outside the caller’s', { territory: 'KRK-STARE-MIASTO' }, 'territory', 'Nie ma terytorium „KRK-STARE-MIASTO”.'],
    ['an unknown hostess code', { promoters: 'HST1,HST9' }, 'promoters', 'Nie ma promotorki z kodem hostessy „HST9”.'],
    ['a promoter of another territory', { promoters: 'HST2' }, 'promoters', 'Nie ma promotorki z kodem hostessy „HST2”.'],
    ['a deactivated promoter of another territory', { promoters: 'HST4' }, 'promoters', 'Nie ma promotorki z kodem hostessy „HST4”.'],
    [
      'a promoter of the caller’s other territory',
      { promoters: 'HST5' },
      'promoters',
      'Promotorka z kodem hostessy „HST5” nie pracuje na terytorium „WAW-CENTRUM”.',
    ],
    ['a deactivated promoter', { promoters: 'HST3' }, 'promoters', 'Promotorka z kodem hostessy „HST3” jest nieaktywna.'],
  ])('refuses %s on every row that names it', async (_name, values, column, message) => {
    expect(await check([values, { ...values, point_name: 'Punkt 2' }, { name: 'Inna', promoters: '' }])).toEqual([
      { row: 2, column, message },
      { row: 3, column, message },
    ]);
  });

  it('lets an administrator (no scope) plan in any territory', async () => {
    expect(await check([{ territory: 'KRK-STARE-MIASTO', promoters: 'HST2' }], null)).toEqual([]);
  });

  it('tells an administrator that a promoter works elsewhere or is deactivated', async () => {
    expect((await check([{ promoters: 'HST2,HST4' }], null)).map((e) => e.message)).toEqual([
      'Promotorka z kodem hostessy „HST2” nie pracuje na terytorium „WAW-CENTRUM”.',
      'Promotorka z kodem hostessy „HST4” jest nieaktywna.',
    ]);
  });

  it('lists what a file names that the caller cannot see, for the audit log', async () => {
    const actions = (
      await plan(planCsv([planRow({ territory: 'KRK-STARE-MIASTO', promoters: 'HST1,HST2,HST9' }), planRow({ promoters: 'HST4' })]))
    ).actions;
    expect(unknownReferences(actions, known)).toEqual({ territories: ['KRK-STARE-MIASTO'], promoters: ['HST2', 'HST9', 'HST4'] });
    expect(unknownReferences(actions, { ...known, scope: null })).toEqual({ territories: [], promoters: ['HST9'] });
  });
});
