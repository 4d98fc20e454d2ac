import { CsvError, parse } from 'csv-parse/sync';
import { PLAN_CSV_COLUMNS, type PlanCsvColumn } from '@promotor/contract/rules';

// Reading the plan's CSV file (decision 087): bytes → rows of named cells, each with the line of the
// file it starts on (the header is line 1), or the errors that stop the import before any row is
// judged. csv-parse does the quoting (a quoted field may hold the separator, quotes, line breaks);
// this file decides the encoding, the separator and the header.

export type PlanCsvError = { row: number; column: PlanCsvColumn | null; message: string };
export type PlanCsvCells = Record<PlanCsvColumn, string>;
export type PlanCsvRow = { row: number; cells: PlanCsvCells };

/** More rows than any plan needs: a bigger file is refused before it costs memory and time. */
export const PLAN_CSV_MAX_ROWS = 20_000;

const HEADER = PLAN_CSV_COLUMNS.join(';');

const messages = {
  notUtf8: 'Plik nie jest zapisany w UTF-8 (w Excelu: „Zapisz jako” → „CSV UTF-8”).',
  nul: 'Plik zawiera znak NUL: to nie jest tekstowy plik CSV (w Excelu: „Zapisz jako” → „CSV UTF-8”).',
  empty: 'Plik jest pusty.',
  header: (separator: string) => `Pierwszy wiersz musi być nagłówkiem: ${HEADER.replaceAll(';', separator)}.`,
  quoteNotClosed: 'Cudzysłów otwarty w tym wierszu nie jest zamknięty.',
  badQuote: 'Pole w cudzysłowie musi kończyć się cudzysłowem, po którym stoi separator.',
  fieldCount: (count: number) => `Liczba pól w wierszu: ${count} zamiast ${PLAN_CSV_COLUMNS.length}. Sprawdź separator i cudzysłowy.`,
  tooManyRows: `Plik ma więcej niż ${PLAN_CSV_MAX_ROWS} wierszy planu: podziel go na części.`,
  noRows: 'Plik nie ma żadnego wiersza planu pod nagłówkiem.',
} as const;

type Read = { rows: PlanCsvRow[]; errors: PlanCsvError[] };
const failed = (error: PlanCsvError): Read => ({ rows: [], errors: [error] });

/** Text of the file: UTF-8 with or without a BOM; line breaks as '\n'. */
function decode(input: Uint8Array | string): string | PlanCsvError {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      // Name the line of the first byte that is not UTF-8 (a Windows-1250 'ł', typically).
      const lossy = new TextDecoder('utf-8').decode(input);
      const before = lossy.slice(0, lossy.indexOf('\uFFFD'));
      return { row: before.split('\n').length, column: null, message: messages.notUtf8 };
    }
  }
  // No text holds a NUL, and PostgreSQL can neither store nor compare one: refused, naming its line.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { row: text.slice(0, nul).split(/\r\n?|\n/).length, column: null, message: messages.nul };
  // A quoted field's own line break becomes '\n' too: a point's name or address has no use for '\r'.
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** ';' (Polish Excel) or ',': the header says which, since its names never contain either. */
const separatorOf = (text: string) => (text.slice(0, text.indexOf('\n') >>> 0).includes(';') ? ';' : ',');

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/** The records with the line each starts on, or the first quoting error with its line. */
function records(text: string, delimiter: string): { line: number; record: string[] }[] | PlanCsvError {
  const lines: number[] = [];
  let endOfLast = 0;
  try {
    const parsed: string[][] = parse(text, {
      delimiter,
      record_delimiter: '\n',
      relax_column_count: true,
      // Blank lines come through as records of one empty cell, so every line is counted.
      skip_empty_lines: false,
      on_record: (record: string[], context: { lines: number }) => {
        lines.push(endOfLast + 1);
        endOfLast = context.lines;
        return record;
      },
    });
    return parsed.map((record, i) => ({ line: lines[i]!, record }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const message = error.code === 'CSV_QUOTE_NOT_CLOSED' ? messages.quoteNotClosed : messages.badQuote;
    const row = error.code === 'CSV_QUOTE_NOT_CLOSED' ? endOfLast + 1 : (error as CsvError & { lines: number }).lines;
    return { row, column: null, message };
  }
}

/**
 * The rows of the plan under the header, blank lines left out, each cell trimmed. Errors here concern
 * the file as a whole (encoding, header, quoting) or a row's shape (its number of fields); the cells'
 * values are judged by plan-rows.ts.
 */
export function readPlanCsv(input: Uint8Array | string): Read {
  const text = decode(input);
  if (typeof text !== 'string') return failed(text);
  if (text.trim() === '') return failed({ row: 1, column: null, message: messages.empty });
  const separator = separatorOf(text);
  const found = records(text, separator);
  if (!Array.isArray(found)) return failed(found);
  const [header, ...body] = found;
  const names = header!.record.map((cell) => cell.trim());
  while (names.length > PLAN_CSV_COLUMNS.length && names.at(-1) === '') names.pop();
  if (names.join(';') !== HEADER) return failed({ row: 1, column: null, message: messages.header(separator) });

  const rows: PlanCsvRow[] = [];
  const errors: PlanCsvError[] = [];
  for (const { line, record } of body) {
    if (isBlank(record)) continue;
    // Trailing empty fields (a spreadsheet's empty columns) are no extra fields.
    const cells = record.slice();
    while (cells.length > PLAN_CSV_COLUMNS.length && cells.at(-1)!.trim() === '') cells.pop();
    if (cells.length !== PLAN_CSV_COLUMNS.length) {
      errors.push({ row: line, column: null, message: messages.fieldCount(cells.length) });
      continue;
    }
    rows.push({ row: line, cells: Object.fromEntries(PLAN_CSV_COLUMNS.map((name, i) => [name, cells[i]!.trim()])) as PlanCsvCells });
  }
  if (rows.length + errors.length > PLAN_CSV_MAX_ROWS) return failed({ row: 1, column: null, message: messages.tooManyRows });
  if (rows.length + errors.length === 0) return failed({ row: 1, column: null, message: messages.noRows });
  return { rows, errors };
}
