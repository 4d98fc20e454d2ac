import { newPasswordRules } from './auth.rules.ts';
import { headerKey } from './plan-csv.rules.ts';
import { maxLength, pattern, required, type Rule } from './rule.ts';

// The promoters' CSV file (issue 34, decision 121): the plan file's reading (decision 114) — English or
// Polish column names in any order, the optional ones left out — with a promoter's columns. Each cell is
// judged by the rules of the promoter panel's form and of /api/admin/promoters/create (admin/promoters.ts).
// Zod-free, for the web app's template and preview.

export const PROMOTER_LIMITS = { name: 100, username: 254, territories: 50 } as const;

export const promoterCsvMessages = {
  firstnameRequired: 'Podaj imię.',
  lastnameRequired: 'Podaj nazwisko.',
  nameTooLong: `Najwyżej ${PROMOTER_LIMITS.name} znaków.`,
  usernameRequired: 'Podaj login (adres e-mail).',
  username: 'Login to adres e-mail, np. anna.nowak@example.pl.',
  phone: 'Podaj numer telefonu, np. 600 123 456 albo +48 600 123 456.',
  ident: 'Kod hostessy: wielkie litery, cyfry i „-”, od 2 do 32 znaków, np. HST1001.',
  territoriesRequired: 'Podaj co najmniej jedno terytorium (kilka oddziel „;” albo „,”).',
  territoriesTooMany: `Najwyżej ${PROMOTER_LIMITS.territories} terytoriów.`,
  passwordForNew: 'Nowa promotorka potrzebuje hasła startowego.',
} as const;

/**
 * Stored in international format, e.g. +48600100200; typed as a Polish spreadsheet or person writes it
 * ('600 123 456', '600-123-456', '(+48) 600 123 456', '0048600123456'): spaces, hyphens, dots and
 * brackets go, '00' becomes '+', and nine digits alone are a Polish number (issue 33, decision 114).
 */
export function normalisedPhone(value: string): string {
  const digits = value.replace(/[\s().-]/g, '').replace(/^00/, '+');
  return /^\d{9}$/.test(digits) ? `+48${digits}` : digits;
}
export const PHONE = /^\+\d{9,15}$/;
export const HOSTESS_CODE = /^[A-Z0-9][A-Z0-9-]{1,31}$/;
// What z.email() takes, near enough for a file: one '@', no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const firstnameRules: readonly Rule[] = [
  required(promoterCsvMessages.firstnameRequired),
  maxLength(PROMOTER_LIMITS.name, promoterCsvMessages.nameTooLong),
];
export const lastnameRules: readonly Rule[] = [
  required(promoterCsvMessages.lastnameRequired),
  maxLength(PROMOTER_LIMITS.name, promoterCsvMessages.nameTooLong),
];
export const promoterUsernameRules: readonly Rule[] = [
  required(promoterCsvMessages.usernameRequired),
  maxLength(PROMOTER_LIMITS.username, promoterCsvMessages.username),
  pattern(EMAIL, promoterCsvMessages.username),
];
/** Optional: an empty cell is no phone. */
export const promoterPhoneRules: readonly Rule[] = [
  (value) => (value === '' || PHONE.test(normalisedPhone(value)) ? null : promoterCsvMessages.phone),
];
/** Optional: an empty cell lets the server make one (HST and six digits). */
export const promoterIdentRules: readonly Rule[] = [
  (value) => (value === '' || HOSTESS_CODE.test(value.toUpperCase()) ? null : promoterCsvMessages.ident),
];
/** Optional here: only a new promoter needs one (decision 121); when given, the password rules. */
export const initialPasswordRules: readonly Rule[] = [
  (value) => (value === '' ? null : (newPasswordRules.map((r) => r(value)).find((m) => m !== null) ?? null)),
];

/** The territories of a cell: idents separated by ';' or ',', blanks left out, each once. */
export const territoriesOfCell = (cell: string): string[] => [
  ...new Set(
    cell
      .split(/[;,]/)
      .map((t) => t.trim())
      .filter((t) => t !== ''),
  ),
];

export const PROMOTER_CSV_COLUMNS = ['firstname', 'lastname', 'username', 'phone', 'ident', 'territories', 'password'] as const;
export type PromoterCsvColumn = (typeof PROMOTER_CSV_COLUMNS)[number];

/** The Polish names of the template ('szablon-promotorow.csv'), in the header's order. */
export const PROMOTER_CSV_POLISH_HEADERS: Record<PromoterCsvColumn, string> = {
  firstname: 'imię',
  lastname: 'nazwisko',
  username: 'login',
  phone: 'telefon',
  ident: 'kod_hostessy',
  territories: 'terytoria',
  password: 'hasło_startowe',
};

/** Columns a file may leave out: a column left out leaves that field of an existing promoter as it is. */
export const PROMOTER_CSV_OPTIONAL: readonly PromoterCsvColumn[] = ['phone', 'ident', 'password'];

const PROMOTER_ALIASES: Record<PromoterCsvColumn, readonly string[]> = {
  firstname: ['imie', 'first_name'],
  lastname: ['nazwisko', 'last_name'],
  username: ['login', 'email', 'e_mail', 'adres_e_mail', 'login_e_mail'],
  phone: ['telefon', 'nr_telefonu', 'mobile_phone', 'mobilephone'],
  ident: ['kod_hostessy', 'kod', 'hostess_code'],
  territories: ['terytoria', 'terytorium'],
  password: ['haslo_startowe', 'haslo', 'initial_password'],
};

const PROMOTER_BY_KEY = new Map<string, PromoterCsvColumn>(
  PROMOTER_CSV_COLUMNS.flatMap((column) => [
    [column, column] as const,
    ...PROMOTER_ALIASES[column].map((alias) => [alias, column] as const),
  ]),
);

/** The promoters' column a header cell names, or null. */
export const columnOfPromoterHeader = (cell: string): PromoterCsvColumn | null => PROMOTER_BY_KEY.get(headerKey(cell)) ?? null;

/** The template: UTF-8 with a BOM, ';', the Polish header and one example row. */
export function promotersTemplateCsv(): string {
  const example: Record<PromoterCsvColumn, string> = {
    firstname: 'Anna',
    lastname: 'Nowak',
    username: 'anna.nowak@example.pl',
    phone: '600 123 456',
    ident: '',
    territories: 'WAW-CENTRUM, WAW-PRAGA',
    password: 'haslo-startowe-1',
  };
  const line = (values: Record<PromoterCsvColumn, string>) => PROMOTER_CSV_COLUMNS.map((c) => values[c]).join(';');
  return `\uFEFF${line(PROMOTER_CSV_POLISH_HEADERS)}\r\n${line(example)}\r\n`;
}
