import { CsvError, parse } from 'csv-parse';
import { linesUpTo } from './line-count.ts';
import { timeSlices } from './time-slices.ts';

// Reading a back-office CSV file (the plan, decision 087; the register of points, decision 124): bytes →
// rows of named cells, each with the line of the file it starts on (the header is line 1), or the errors
// that stop the import before any row is judged. csv-parse does the quoting (a quoted field may hold the
// separator, quotes, line breaks); this file decides the encoding, the separator and the header (its
// columns by their English or Polish names, in any order, the optional ones may be left out: decision 114).
//
// Bounded in time and memory whatever the file holds (issue 32, decision 106): its lines are counted
// first, blank ones too, and a file of more is refused before anything else; csv-parse reads it a
// chunk at a time, in time slices, so other requests are answered meanwhile.

/** What a file's columns are: the import's own table. */
export type CsvTableSpec<C extends string> = {
  /** Every column, in the template's order. */
  columns: readonly C[];
  /** Columns a file may leave out: read as empty in every row. */
  optional: readonly C[];
  /** The template's Polish name of each column (errors name columns by them). */
  polishHeaders: Record<C, string>;
  /** The column a header cell names (English or Polish, any case), or null. */
  columnOfHeader: (cell: string) => C | null;
  /** More lines under the header than the import takes, blank ones counted: refused first. */
  maxRows: number;
  /** The error of a file with the header alone. */
  noRowsMessage: string;
};

export type CsvTableError<C extends string> = { row: number; column: C | null; message: string };
export type CsvTableRow<C extends string> = { row: number; cells: Record<C, string> };
/** The rows, the errors of the file as a whole or of a row's shape, and the columns its header has. */
export type CsvTable<C extends string> = { rows: CsvTableRow<C>[]; errors: CsvTableError<C>[]; columns: C[] };

/**
 * Bytes csv-parse reads at a time. A line that makes a record of the wrong length costs it an error
 * object (50–100 µs); a chunk of 1 KiB holds at most 512 of them, so one chunk never holds the event
 * loop long, and a real plan's 10,000 rows are some 1,300 chunks.
 */
const CHUNK_BYTES = 1024;

const listed = (columns: readonly string[]) => columns.map((c) => `„${c}”`).join(', ');

const messages = {
  notUtf8: 'Plik nie jest zapisany w UTF-8 (w Excelu: „Zapisz jako” → „CSV UTF-8”).',
  nul: 'Plik zawiera znak NUL: to nie jest tekstowy plik CSV (w Excelu: „Zapisz jako” → „CSV UTF-8”).',
  empty: 'Plik jest pusty.',
  header: (header: string) => `Pierwszy wiersz musi być nagłówkiem z nazwami kolumn, np. ${header} (albo ich angielskimi nazwami).`,
  unknownColumns: (names: string[]) => `Nieznane kolumny w nagłówku: ${listed(names)}.`,
  missingColumns: (names: string[]) => `Brak kolumn w nagłówku: ${listed(names)}.`,
  twiceColumns: (names: string[]) => `Kolumny podane dwa razy: ${listed(names)}.`,
  quoteNotClosed: 'Cudzysłów otwarty w tym wierszu nie jest zamknięty.',
  badQuote: 'Pole w cudzysłowie musi kończyć się cudzysłowem, po którym stoi separator.',
  fieldCount: (count: number, expected: number) => `Liczba pól w wierszu: ${count} zamiast ${expected}. Sprawdź separator i cudzysłowy.`,
  tooManyRows: (max: number) =>
    `Plik ma więcej niż ${max} wierszy pod nagłówkiem (puste też się liczą): usuń puste wiersze albo podziel go na części.`,
} as const;

type Failure = { row: number; message: string };
const failed = <C extends string>(error: Failure): CsvTable<C> => ({ rows: [], errors: [{ ...error, column: null }], columns: [] });

/** Text of the file: UTF-8 with or without a BOM; line breaks as '\n'. */
function decode(input: Uint8Array): string | Failure {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    // Name the line of the first byte that is not UTF-8 (a Windows-1250 'ł', typically).
    const lossy = new TextDecoder('utf-8').decode(input);
    const before = lossy.slice(0, lossy.indexOf('\uFFFD'));
    return { row: before.split('\n').length, message: messages.notUtf8 };
  }
  // No text holds a NUL, and PostgreSQL can neither store nor compare one: refused, naming its line.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { row: text.slice(0, nul).split(/\r\n?|\n/).length, message: messages.nul };
  // A quoted field's own line break becomes '\n' too: a name or an address has no use for '\r'.
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/**
 * The column of each field of the header, or the error naming what is unknown, missing or twice.
 * Trailing empty cells (a spreadsheet's empty columns) are no columns.
 */
function columnsOf<C extends string>(cells: string[], separator: string, spec: CsvTableSpec<C>): C[] | Failure {
  const names = cells.map((cell) => cell.trim());
  while (names.length > 0 && names.at(-1) === '') names.pop();
  const columns = names.map(spec.columnOfHeader);
  const error = (message: string): Failure => ({ row: 1, message });
  const polish = (list: C[]) => list.map((c) => spec.polishHeaders[c]);
  const unknown = names.filter((_, i) => columns[i] === null);
  if (unknown.length === names.length) return error(messages.header(polish([...spec.columns]).join(separator)));
  if (unknown.length > 0) return error(messages.unknownColumns(unknown));
  const known = columns as C[];
  const twice = spec.columns.filter((c) => known.indexOf(c) !== known.lastIndexOf(c));
  if (twice.length > 0) return error(messages.twiceColumns(polish(twice)));
  const missing = spec.columns.filter((c) => !known.includes(c) && !spec.optional.includes(c));
  if (missing.length > 0) return error(messages.missingColumns(polish(missing)));
  return known;
}

/** ';' (Polish Excel) or ',': the header says which, since its names never contain either. */
const separatorOf = (text: string) => (text.slice(0, text.indexOf('\n') >>> 0).includes(';') ? ';' : ',');

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/** How many line breaks a cell holds (a quoted field may hold some). */
function breaksIn(cell: string): number {
  let breaks = 0;
  for (let at = cell.indexOf('\n'); at >= 0; at = cell.indexOf('\n', at + 1)) breaks++;
  return breaks;
}

/** The first line after `line` that is not blank: where a record that never ended began. */
function firstLineAfter(text: string, line: number): number {
  let at = 0;
  for (let n = 0; n < line && at >= 0; n++) at = text.indexOf('\n', at) + 1 || -1;
  if (at < 0) return line + 1;
  let next = line + 1;
  while (text[at] === '\n') {
    at++;
    next++;
  }
  return next;
}

type Found = { line: number; record: string[] };

/** The records with the line each starts on, or the first quoting error with its line. */
async function records(text: string, delimiter: string): Promise<Found[] | Failure> {
  const found: Found[] = [];
  let endOfLast = 0;
  const parser = parse({
    delimiter,
    record_delimiter: '\n',
    relax_column_count: true,
    // A blank line makes no record (csv-parse would build an error object for each: one field, not 14);
    // the lines were counted before, blank ones too.
    skip_empty_lines: true,
    on_record: (record: string[], context: { lines: number }) => {
      // It starts where it ends, less the line breaks inside its quoted fields.
      found.push({ line: context.lines - record.reduce((n, cell) => n + breaksIn(cell), 0), record });
      endOfLast = context.lines;
      return null;
    },
  });
  let failure: unknown;
  parser.on('error', (error) => (failure ??= error));
  const bytes = Buffer.from(text, 'utf8');
  const pause = timeSlices();
  for (let at = 0; at < bytes.length && failure === undefined; at += CHUNK_BYTES) {
    await new Promise<void>((resolve) =>
      parser.write(bytes.subarray(at, at + CHUNK_BYTES), (error) => {
        failure ??= error ?? undefined;
        resolve();
      }),
    );
    await pause();
  }
  if (failure === undefined) {
    await new Promise<void>((resolve) => {
      parser.once('error', () => resolve());
      parser.end(() => resolve());
    });
  }
  if (failure === undefined) return found;
  if (!(failure instanceof CsvError)) throw failure;
  if (failure.code === 'CSV_QUOTE_NOT_CLOSED') return { row: firstLineAfter(text, endOfLast), message: messages.quoteNotClosed };
  return { row: (failure as CsvError & { lines: number }).lines, message: messages.badQuote };
}

/**
 * The rows under the header, blank lines left out, each cell trimmed. Errors here concern the file as a
 * whole (encoding, header, quoting) or a row's shape (its number of fields); the cells' values are the
 * import's to judge.
 */
export async function readCsvTable<C extends string>(input: Uint8Array | string, spec: CsvTableSpec<C>): Promise<CsvTable<C>> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  if (linesUpTo(bytes, spec.maxRows + 1) > spec.maxRows + 1) return failed({ row: 1, message: messages.tooManyRows(spec.maxRows) });
  const text = decode(bytes);
  if (typeof text !== 'string') return failed(text);
  if (text.trim() === '') return failed({ row: 1, message: messages.empty });
  const separator = separatorOf(text);
  const found = await records(text, separator);
  if (!Array.isArray(found)) return failed(found);
  const [header, ...body] = found;
  if (header!.line !== 1)
    return failed({ row: 1, message: messages.header(spec.columns.map((c) => spec.polishHeaders[c]).join(separator)) });
  const columns = columnsOf(header!.record, separator, spec);
  if (!Array.isArray(columns)) return failed(columns);
  const empty = Object.fromEntries(spec.columns.map((name) => [name, ''])) as Record<C, string>;

  const rows: CsvTableRow<C>[] = [];
  const errors: CsvTableError<C>[] = [];
  const pause = timeSlices();
  for (const { line, record } of body) {
    await pause();
    if (isBlank(record)) continue;
    // Trailing empty fields (a spreadsheet's empty columns) are no extra fields.
    const cells = record.slice();
    while (cells.length > columns.length && cells.at(-1)!.trim() === '') cells.pop();
    if (cells.length !== columns.length) {
      errors.push({ row: line, column: null, message: messages.fieldCount(cells.length, columns.length) });
      continue;
    }
    const named = { ...empty };
    columns.forEach((column, i) => (named[column] = cells[i]!.trim()));
    rows.push({ row: line, cells: named });
  }
  if (rows.length + errors.length === 0) return failed({ row: 1, message: spec.noRowsMessage });
  return { rows, errors, columns };
}
