import { characters } from './messages.ts';
import { headerKey } from './plan-csv.rules.ts';
import { maxLength, type Rule } from './rule.ts';

// The register of points (issue 34, decision 124): the stores of a territory, each with a code the plan
// names it by. Its name and address follow the planning rules (rules/planning.rules.ts: the same fields
// an action's point has); its code, chain and notes are checked here, the same way in the back office's
// form, in /api/admin/points/* and in the register's CSV import. Zod-free, for the web app's forms.

export const POINT_LIMITS = { code: 32, chain: 100, notes: 1000 } as const;

export const pointMessages = {
  codeRequired: 'Podaj kod punktu.',
  code: `Kod punktu: litery, cyfry, „-”, „_” lub „.”, najwyżej ${characters(POINT_LIMITS.code)}, np. P-7K2M9Q.`,
  chainTooLong: `Sieć może mieć najwyżej ${characters(POINT_LIMITS.chain)}.`,
  notesTooLong: `Uwagi mogą mieć najwyżej ${characters(POINT_LIMITS.notes)}.`,
} as const;

/**
 * A point's code as compared and stored: trimmed, in capitals ('p-7k2m9q' names P-7K2M9Q). Codes are
 * unique within a territory; one the office leaves empty is made by the server.
 */
export const pointCodeOf = (value: string): string => value.trim().toUpperCase();

const CODE = /^[A-Z0-9][A-Z0-9._-]*$/;

/** Optional: an empty value is no code (the server makes one). Judged in pointCodeOf's form. */
export const pointCodeRules: readonly Rule[] = [
  (value) => {
    const code = pointCodeOf(value);
    return code === '' || (code.length <= POINT_LIMITS.code && CODE.test(code)) ? null : pointMessages.code;
  },
];

export const chainRules: readonly Rule[] = [maxLength(POINT_LIMITS.chain, pointMessages.chainTooLong)];
export const pointNotesRules: readonly Rule[] = [maxLength(POINT_LIMITS.notes, pointMessages.notesTooLong)];

// The register's CSV file (decision 124): the plan file's reading (decision 114) — English or Polish
// column names in any order, the optional ones left out — with the register's columns.

export const POINT_CSV_COLUMNS = [
  'territory',
  'code',
  'name',
  'street',
  'postal_code',
  'city',
  'latitude',
  'longitude',
  'chain',
  'notes',
] as const;
export type PointCsvColumn = (typeof POINT_CSV_COLUMNS)[number];

/** The Polish names of the template ('szablon-punktow.csv'), in the header's order. */
export const POINT_CSV_POLISH_HEADERS: Record<PointCsvColumn, string> = {
  territory: 'terytorium',
  code: 'kod_punktu',
  name: 'nazwa_punktu',
  street: 'ulica',
  postal_code: 'kod_pocztowy',
  city: 'miasto',
  latitude: 'szerokość',
  longitude: 'długość',
  chain: 'sieć',
  notes: 'uwagi',
};

/**
 * Columns a file may leave out. A column left out leaves that field of a point in the register as it
 * is; a column given sets it on every row (an empty cell: none).
 */
export const POINT_CSV_OPTIONAL: readonly PointCsvColumn[] = ['code', 'postal_code', 'latitude', 'longitude', 'chain', 'notes'];

const POINT_ALIASES: Record<PointCsvColumn, readonly string[]> = {
  territory: ['terytorium'],
  code: ['kod_punktu', 'kod', 'id_punktu'],
  name: ['nazwa_punktu', 'nazwa', 'punkt'],
  street: ['ulica', 'adres', 'ulica_i_numer'],
  postal_code: ['kod_pocztowy'],
  city: ['miasto', 'miejscowosc'],
  latitude: ['szerokosc', 'szerokosc_geograficzna', 'lat'],
  longitude: ['dlugosc', 'dlugosc_geograficzna', 'lng', 'lon'],
  chain: ['siec', 'siec_handlowa'],
  notes: ['uwagi', 'notatki'],
};

const POINT_BY_KEY = new Map<string, PointCsvColumn>(
  POINT_CSV_COLUMNS.flatMap((column) => [[column, column] as const, ...POINT_ALIASES[column].map((alias) => [alias, column] as const)]),
);

/** The register's column a header cell names, or null. */
export const columnOfPointHeader = (cell: string): PointCsvColumn | null => POINT_BY_KEY.get(headerKey(cell)) ?? null;

/** The template: UTF-8 with a BOM, ';', the Polish header and one example row (the plan's template's point). */
export function pointsTemplateCsv(): string {
  const example: Record<PointCsvColumn, string> = {
    territory: 'WAW-CENTRUM',
    code: '',
    name: 'Złote Tarasy',
    street: 'ul. Złota 59',
    postal_code: '00-120',
    city: 'Warszawa',
    latitude: '52,2301',
    longitude: '21,0027',
    chain: 'Galerie',
    notes: 'Wejście od ul. Złotej, stoisko przy windach.',
  };
  const line = (values: Record<PointCsvColumn, string>) => POINT_CSV_COLUMNS.map((c) => values[c]).join(';');
  return `\uFEFF${line(POINT_CSV_POLISH_HEADERS)}\r\n${line(example)}\r\n`;
}
