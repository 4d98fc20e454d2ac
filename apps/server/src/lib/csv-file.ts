import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

// The back office's CSV files (issue 25, decision 092) as Polish Excel opens them: UTF-8 with a BOM (else
// it reads the bytes as Windows-1250), ';' between cells (',' is the Polish decimal mark), CRLF, cells
// quoted only when they must be. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
// gets an apostrophe in front: a name a promoter or an import typed cannot become a command on the
// reader's machine (OWASP "CSV injection"). Numbers stay numbers: a count is never text.

/** One column: its Polish header and its cell of a row (null: an empty cell). */
export type CsvColumn<R> = { header: string; cell: (row: R) => string | number | null };

export type CsvFile<R> = {
  /** The download's name, ASCII: 'akcje-2026-11-01-2026-11-30.csv'. */
  filename: string;
  columns: readonly CsvColumn<R>[];
  /**
   * Read as the file is written: the source yields a page of rows when the client has taken the one
   * before (flat memory: one page at a time, whatever the file's length).
   */
  pages: AsyncIterable<readonly R[]>;
};

export const CSV_OPTIONS = {
  bom: true,
  delimiter: ';',
  record_delimiter: '\r\n',
  escape_formulas: true,
} as const;

/** The file's text, a page at a time: one chunk per page rather than one per row (half the time). */
async function* chunks<R>(columns: readonly CsvColumn<R>[], pages: AsyncIterable<readonly R[]>) {
  yield stringify([columns.map((c) => c.header)], CSV_OPTIONS);
  for await (const page of pages) {
    if (page.length > 0)
      yield stringify(
        page.map((row) => columns.map((c) => c.cell(row) ?? '')),
        { ...CSV_OPTIONS, bom: false },
      );
  }
}

/**
 * Streams the file as the answer. Everything that can refuse the call (validation, scope, the audit
 * entry) must have run before: once the first byte is out, a failure can only cut the download short,
 * which the browser shows as a failed download, not as a complete file.
 */
export function sendCsv<R>(reply: FastifyReply, file: CsvFile<R>): FastifyReply {
  const body = Readable.from(chunks(file.columns, file.pages), { objectMode: false });
  body.on('error', (error) => reply.log.error({ err: error }, 'CSV export cut short'));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
