import {
  chainRules,
  cityRules,
  columnOfPointHeader,
  firstError,
  parseCoordinate,
  planMessages,
  POINT_CSV_COLUMNS,
  POINT_CSV_OPTIONAL,
  POINT_CSV_POLISH_HEADERS,
  pointCodeOf,
  pointCodeRules,
  pointNameRules,
  pointNotesRules,
  postalCodeRules,
  streetRules,
  territoryIdentRules,
  type PointCsvColumn,
  type Rule,
} from '@promotor/contract/rules';
import type { CsvTableError, CsvTableRow, CsvTableSpec } from '../../lib/csv-table.ts';

// The register's CSV file judged row by row (decision 124) with the contract's rules — the same as the
// Punkty page's form and /api/admin/points/* — every bad cell reported, not only the first.

export type PointCsvError = CsvTableError<PointCsvColumn>;

export const POINTS_CSV_MAX_ROWS = 10_000;

export const POINTS_CSV: CsvTableSpec<PointCsvColumn> = {
  columns: POINT_CSV_COLUMNS,
  optional: POINT_CSV_OPTIONAL,
  polishHeaders: POINT_CSV_POLISH_HEADERS,
  columnOfHeader: columnOfPointHeader,
  maxRows: POINTS_CSV_MAX_ROWS,
  noRowsMessage: 'Plik nie ma żadnego punktu pod nagłówkiem.',
};

/** A row of the file as a point: its code (in capitals) or null, the optional texts null when empty. */
export type FilePoint = {
  row: number;
  territory: string;
  code: string | null;
  name: string;
  streetAddress: string;
  postalCode: string | null;
  cityName: string;
  latitude: number | null;
  longitude: number | null;
  chain: string | null;
  notes: string | null;
};

const TEXT_RULES: [PointCsvColumn, readonly Rule[]][] = [
  ['territory', territoryIdentRules],
  ['code', pointCodeRules],
  ['name', pointNameRules],
  ['street', streetRules],
  ['postal_code', postalCodeRules],
  ['city', cityRules],
  ['chain', chainRules],
  ['notes', pointNotesRules],
];

const orNull = (text: string) => (text === '' ? null : text);

/** One row's point, or its errors. */
function checkRow({ row, cells }: CsvTableRow<PointCsvColumn>): FilePoint | PointCsvError[] {
  const errors: PointCsvError[] = [];
  for (const [column, rules] of TEXT_RULES) {
    const message = firstError(rules, cells[column]);
    if (message !== null) errors.push({ row, column, message });
  }
  const latitude = parseCoordinate(cells.latitude, 90);
  const longitude = parseCoordinate(cells.longitude, 180);
  if (latitude === 'invalid') errors.push({ row, column: 'latitude', message: planMessages.latitude });
  if (longitude === 'invalid') errors.push({ row, column: 'longitude', message: planMessages.longitude });
  if (latitude !== 'invalid' && longitude !== 'invalid' && (latitude === null) !== (longitude === null)) {
    errors.push({ row, column: latitude === null ? 'latitude' : 'longitude', message: planMessages.coordinatesBoth });
  }
  if (errors.length > 0 || latitude === 'invalid' || longitude === 'invalid') return errors;
  return {
    row,
    territory: cells.territory,
    code: orNull(pointCodeOf(cells.code)),
    name: cells.name,
    streetAddress: cells.street,
    postalCode: orNull(cells.postal_code),
    cityName: cells.city,
    latitude,
    longitude,
    chain: orNull(cells.chain),
    notes: orNull(cells.notes),
  };
}

/** The file's points in its order, or every error of every row. */
export function pointsFromRows(rows: readonly CsvTableRow<PointCsvColumn>[]): { points: FilePoint[]; errors: PointCsvError[] } {
  const points: FilePoint[] = [];
  const errors: PointCsvError[] = [];
  for (const row of rows) {
    const checked = checkRow(row);
    if (Array.isArray(checked)) errors.push(...checked);
    else points.push(checked);
  }
  return { points: errors.length > 0 ? [] : points, errors };
}

const columnIndex = (column: PointCsvColumn | null) => (column === null ? -1 : POINT_CSV_COLUMNS.indexOf(column));

/** By line, then by the column's place in the header. */
export const sortPointErrors = (errors: PointCsvError[]) =>
  errors.sort((a, b) => a.row - b.row || columnIndex(a.column) - columnIndex(b.column));
