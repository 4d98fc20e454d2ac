import { PLAN_CSV_COLUMNS, type PlanCsvColumn } from './planning.rules.ts';

// The plan file's header as a Polish spreadsheet writes it (issue 33, decision 114): each column by its
// English name (decision 087) or a Polish one, in any order and any case, with or without Polish letters;
// the optional columns may be left out. The template offered for download ('szablon-planu.csv') uses the
// Polish names, and the back office names a column in its errors by them.

/** The Polish names of the template, in the header's order. */
export const PLAN_CSV_POLISH_HEADERS: Record<PlanCsvColumn, string> = {
  event: 'wydarzenie',
  name: 'nazwa_akcji',
  territory: 'terytorium',
  date: 'data',
  from: 'od',
  to: 'do',
  point_code: 'kod_punktu',
  point_name: 'nazwa_punktu',
  street: 'ulica',
  postal_code: 'kod_pocztowy',
  city: 'miasto',
  petra_id: 'petra_id',
  latitude: 'szerokość',
  longitude: 'długość',
  promoters: 'promotorzy',
};

/** Columns a file may leave out: read as empty in every row. */
export const PLAN_CSV_OPTIONAL: readonly PlanCsvColumn[] = ['point_code', 'postal_code', 'petra_id', 'latitude', 'longitude', 'promoters'];

/** Other names each column goes by (normalised as `headerKey` writes them). */
const ALIASES: Record<PlanCsvColumn, readonly string[]> = {
  event: ['wydarzenie', 'kod_wydarzenia', 'id_wydarzenia'],
  name: ['nazwa_akcji', 'nazwa', 'akcja'],
  territory: ['terytorium'],
  date: ['data', 'dzien'],
  from: ['od', 'godzina_od', 'poczatek'],
  to: ['do', 'godzina_do', 'koniec'],
  // A point of the register by its code (decision 125); its name and address may then be left empty.
  point_code: ['kod_punktu', 'id_punktu'],
  point_name: ['nazwa_punktu', 'punkt'],
  street: ['ulica', 'adres', 'ulica_i_numer'],
  postal_code: ['kod_pocztowy', 'kod'],
  city: ['miasto', 'miejscowosc'],
  petra_id: ['petra_id', 'petra', 'id_petra'],
  latitude: ['szerokosc', 'szerokosc_geograficzna', 'lat'],
  longitude: ['dlugosc', 'dlugosc_geograficzna', 'lng', 'lon'],
  promoters: ['promotorzy', 'promotorki', 'kody_hostess', 'hostessy'],
};

/** A header cell as compared: lower case, no Polish letters, spaces and hyphens as '_'. */
export function headerKey(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replaceAll('ł', 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s-]+/g, '_');
}

const BY_KEY = new Map<string, PlanCsvColumn>(
  PLAN_CSV_COLUMNS.flatMap((column) => [[column, column] as const, ...ALIASES[column].map((alias) => [alias, column] as const)]),
);

/** The column a header cell names, or null. */
export const columnOfHeader = (cell: string): PlanCsvColumn | null => BY_KEY.get(headerKey(cell)) ?? null;

/**
 * The template file's text: UTF-8 with a BOM (so Excel opens its Polish letters right), ';' as a Polish
 * Excel writes, the Polish header and one example row on `day` ('YYYY-MM-DD', written DD.MM.RRRR).
 */
export function planTemplateCsv(day: string): string {
  const [y, m, d] = day.split('-');
  const example: Record<PlanCsvColumn, string> = {
    event: 'EV-2026-SAMPLING',
    name: 'Degustacja glo — Złote Tarasy',
    territory: 'WAW-CENTRUM',
    date: `${d}.${m}.${y}`,
    from: '9:00',
    to: '17:00',
    point_code: '',
    point_name: 'Złote Tarasy',
    street: 'ul. Złota 59',
    postal_code: '00-120',
    city: 'Warszawa',
    petra_id: '',
    latitude: '52,2301',
    longitude: '21,0027',
    promoters: 'HST1001',
  };
  const line = (values: Record<PlanCsvColumn, string>) => PLAN_CSV_COLUMNS.map((c) => values[c]).join(';');
  return `\uFEFF${line(PLAN_CSV_POLISH_HEADERS)}\r\n${line(example)}\r\n`;
}
