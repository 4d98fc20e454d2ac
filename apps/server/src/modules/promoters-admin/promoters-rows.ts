import {
  columnOfPromoterHeader,
  firstError,
  firstnameRules,
  promoterIdentRules,
  initialPasswordRules,
  lastnameRules,
  normalisedPhone,
  PROMOTER_CSV_COLUMNS,
  PROMOTER_CSV_OPTIONAL,
  PROMOTER_CSV_POLISH_HEADERS,
  PROMOTER_LIMITS,
  promoterCsvMessages,
  promoterPhoneRules,
  promoterUsernameRules,
  territoriesOfCell,
  type PromoterCsvColumn,
  type Rule,
} from '@promotor/contract/rules';
import type { CsvTableError, CsvTableRow, CsvTableSpec } from '../../lib/csv-table.ts';

// The promoters' CSV file judged row by row (decision 121) with the contract's rules — those of the
// Promotorzy panel's form and /api/admin/promoters/create — every bad cell reported, not only the first.

export type PromoterCsvError = CsvTableError<PromoterCsvColumn>;

/**
 * An agency's roster is hundreds, not a plan's ten thousand; each new promoter's initial password is
 * hashed (argon2id, some 50 ms of a core each), so a file stays within a request's time (decision 121).
 */
export const PROMOTERS_CSV_MAX_ROWS = 1_000;

export const PROMOTERS_CSV: CsvTableSpec<PromoterCsvColumn> = {
  columns: PROMOTER_CSV_COLUMNS,
  optional: PROMOTER_CSV_OPTIONAL,
  polishHeaders: PROMOTER_CSV_POLISH_HEADERS,
  columnOfHeader: columnOfPromoterHeader,
  maxRows: PROMOTERS_CSV_MAX_ROWS,
  noRowsMessage: 'Plik nie ma żadnej promotorki pod nagłówkiem.',
};

/** A row of the file as a promoter: login in lower case, the optional cells null when empty. */
export type FilePromoter = {
  row: number;
  firstname: string;
  lastname: string;
  username: string;
  mobilePhone: string | null;
  ident: string | null;
  territories: string[];
  password: string | null;
};

const TEXT_RULES: [PromoterCsvColumn, readonly Rule[]][] = [
  ['firstname', firstnameRules],
  ['lastname', lastnameRules],
  ['username', promoterUsernameRules],
  ['phone', promoterPhoneRules],
  ['ident', promoterIdentRules],
  ['password', initialPasswordRules],
];

const orNull = (text: string) => (text === '' ? null : text);

/** One row's promoter, or its errors. */
function checkRow({ row, cells }: CsvTableRow<PromoterCsvColumn>): FilePromoter | PromoterCsvError[] {
  const errors: PromoterCsvError[] = [];
  for (const [column, rules] of TEXT_RULES) {
    const message = firstError(rules, cells[column]);
    if (message !== null) errors.push({ row, column, message });
  }
  const territories = territoriesOfCell(cells.territories);
  if (territories.length === 0) errors.push({ row, column: 'territories', message: promoterCsvMessages.territoriesRequired });
  if (territories.length > PROMOTER_LIMITS.territories)
    errors.push({ row, column: 'territories', message: promoterCsvMessages.territoriesTooMany });
  if (errors.length > 0) return errors;
  return {
    row,
    firstname: cells.firstname,
    lastname: cells.lastname,
    username: cells.username.toLowerCase(),
    mobilePhone: cells.phone === '' ? null : normalisedPhone(cells.phone),
    ident: orNull(cells.ident.toUpperCase()),
    territories,
    password: orNull(cells.password),
  };
}

/** The file's promoters in its order, or every error of every row. */
export function promotersFromRows(rows: readonly CsvTableRow<PromoterCsvColumn>[]): {
  promoters: FilePromoter[];
  errors: PromoterCsvError[];
} {
  const promoters: FilePromoter[] = [];
  const errors: PromoterCsvError[] = [];
  for (const row of rows) {
    const checked = checkRow(row);
    if (Array.isArray(checked)) errors.push(...checked);
    else promoters.push(checked);
  }
  return { promoters: errors.length > 0 ? [] : promoters, errors };
}

const columnIndex = (column: PromoterCsvColumn | null) => (column === null ? -1 : PROMOTER_CSV_COLUMNS.indexOf(column));

/** By line, then by the column's place in the header. */
export const sortPromoterErrors = (errors: PromoterCsvError[]) =>
  errors.sort((a, b) => a.row - b.row || columnIndex(a.column) - columnIndex(b.column));
