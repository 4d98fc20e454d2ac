import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { POINT_CSV_COLUMNS, type PointCsvColumn } from '@promotor/contract/rules';
import { newPointCode, pointSearchText } from '../db/point-register.ts';
import type { PointTable } from '../db/schema.ts';
import { newId } from '../lib/crypto.ts';
import { csvText, postCsvImport } from './files.ts';
import type { TestApp } from './test-app.ts';

// The register of points (issue 34) in tests: a point of a territory, each test its own; the register's
// CSV files and their upload as the back office sends them.

export type BuiltPoint = { id: string; code: string; name: string; territoryId: string };

const unique = () => randomBytes(3).toString('hex').toUpperCase();

/** A point in the register of the territory `ident` (which exists): 'Sklep <unique>', ul. Złota 59, Warszawa unless told. */
export async function buildPoint(t: TestApp, ident: string, o: Partial<PointTable> = {}): Promise<BuiltPoint> {
  const territory = await t.db.selectFrom('territories').select('id').where('ident', '=', ident).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const row = {
    id: newId(),
    territory_id: territory.id,
    code: newPointCode(),
    name: `Sklep ${unique()}`,
    street_address: 'ul. Złota 59',
    postal_code: '00-120',
    city_name: 'Warszawa',
    latitude: null,
    longitude: null,
    chain: null,
    notes: null,
    created_at: at,
    updated_at: at,
    archived_at: null,
    ...o,
  };
  await t.db
    .insertInto('points')
    .values({ ...row, search_text: pointSearchText(row) })
    .execute();
  return { id: row.id, code: row.code, name: row.name, territoryId: row.territory_id };
}

export type PointRowValues = Record<PointCsvColumn, string>;

/** One row of a register file: a Warsaw shop with a unique name unless told. */
export const pointRow = (o: Partial<PointRowValues> = {}): PointRowValues => ({
  territory: 'WAW-CENTRUM',
  code: '',
  name: `Sklep ${unique()}`,
  street: 'ul. Marszałkowska 104',
  postal_code: '00-017',
  city: 'Warszawa',
  latitude: '52,2318',
  longitude: '21,0060',
  chain: 'Żabka',
  notes: '',
  ...o,
});

/** The file's text: a header of these columns (all by default), then the rows, ';' between cells. */
export const pointsCsv = (rows: readonly PointRowValues[], columns: readonly PointCsvColumn[] = POINT_CSV_COLUMNS): string =>
  csvText(rows, columns);

/** POST /api/admin/points/import with the file's text and, when given, dryRun. */
export const postPoints = (
  app: FastifyInstance,
  token: string,
  file: string,
  o: { dryRun?: boolean; headers?: Record<string, string> } = {},
) => postCsvImport(app, '/api/admin/points/import', token, { name: 'punkty.csv', text: file }, o);
