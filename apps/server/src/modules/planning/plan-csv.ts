import { columnOfHeader, PLAN_CSV_COLUMNS, PLAN_CSV_OPTIONAL, PLAN_CSV_POLISH_HEADERS, type PlanCsvColumn } from '@promotor/contract/rules';
import { readCsvTable, type CsvTableError, type CsvTableRow, type CsvTableSpec } from '../../lib/csv-table.ts';

// Reading the plan's CSV file (decision 087): bytes → rows of named cells, each with the line of the
// file it starts on, or the errors that stop the import before any row is judged. The reading itself
// (encoding, separator, quoting, the header's English or Polish names in any order: decision 114; the
// bounds of issue 32) is lib/csv-table.ts's, shared with the register of points' import (decision 124).

export type PlanCsvError = CsvTableError<PlanCsvColumn>;
export type PlanCsvCells = Record<PlanCsvColumn, string>;
export type PlanCsvRow = CsvTableRow<PlanCsvColumn>;

/** More lines under the header than any plan needs, blank ones counted: a longer file is refused first. */
export const PLAN_CSV_MAX_ROWS = 20_000;

const PLAN_CSV: CsvTableSpec<PlanCsvColumn> = {
  columns: PLAN_CSV_COLUMNS,
  optional: PLAN_CSV_OPTIONAL,
  polishHeaders: PLAN_CSV_POLISH_HEADERS,
  columnOfHeader,
  maxRows: PLAN_CSV_MAX_ROWS,
  noRowsMessage: 'Plik nie ma żadnego wiersza planu pod nagłówkiem.',
};

/**
 * The rows of the plan under the header, blank lines left out, each cell trimmed. Errors here concern
 * the file as a whole (encoding, header, quoting) or a row's shape (its number of fields); the cells'
 * values are judged by plan-rows.ts.
 */
export async function readPlanCsv(input: Uint8Array | string): Promise<{ rows: PlanCsvRow[]; errors: PlanCsvError[] }> {
  const { rows, errors } = await readCsvTable(input, PLAN_CSV);
  return { rows, errors };
}
