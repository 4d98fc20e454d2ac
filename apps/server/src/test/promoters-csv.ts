import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PROMOTER_CSV_COLUMNS, type PromoterCsvColumn } from '@promotor/contract/rules';
import { csvText, postCsvImport } from './files.ts';

// The promoters' CSV files (issue 34, decision 121) in tests: a row, the file's text, its upload as the
// back office sends it.

export type PromoterRowValues = Record<PromoterCsvColumn, string>;

const unique = () => randomBytes(4).toString('hex');

/** One row of a promoters' file: a new promoter with a unique login unless told. */
export const promoterRow = (o: Partial<PromoterRowValues> = {}): PromoterRowValues => ({
  firstname: 'Anna',
  lastname: 'Nowak',
  username: `anna-${unique()}@test.pl`,
  phone: '600 123 456',
  ident: '',
  territories: 'WAW-CENTRUM',
  password: 'haslo-startowe-1',
  ...o,
});

/** The file's text: a header of these columns (all by default), then the rows, ';' between cells. */
export const promotersCsv = (rows: readonly PromoterRowValues[], columns: readonly PromoterCsvColumn[] = PROMOTER_CSV_COLUMNS): string =>
  csvText(rows, columns);

/** POST /api/admin/promoters/import with the file's text and, when given, dryRun. */
export const postPromoters = (
  app: FastifyInstance,
  token: string,
  file: string,
  o: { dryRun?: boolean; headers?: Record<string, string> } = {},
) => postCsvImport(app, '/api/admin/promoters/import', token, { name: 'promotorzy.csv', text: file }, o);
