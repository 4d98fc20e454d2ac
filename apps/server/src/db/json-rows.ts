import { PostgresAdapter, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './kysely.ts';

// Many rows read at once, as one JSON value the database builds (decision 101): SQLite's
// json_group_array, PostgreSQL's json_agg. The drivers otherwise hand each value of each row to
// JavaScript one at a time (better-sqlite3 through N-API, pg by parsing every text field), which cost
// more than the query itself for the live day's thousands of rows; one JSON.parse of the whole answer
// is about twice as fast. For reads of many rows only: each row travels as an array of its values in
// `columns`' order, and comes back as an object with those keys. Values are what JSON can hold — text,
// numbers, null — so a column must not be a blob, a boolean or a PostgreSQL bigint (which JSON would
// give as a number past 2^53).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of any tables
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

export async function jsonRows<O extends Record<string, unknown>, K extends keyof O & string>(
  db: Db,
  query: AnySelect<O>,
  columns: readonly K[],
): Promise<Pick<O, K>[]> {
  const values = sql.join(columns.map((column) => sql.ref(`q.${column}`)));
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // PostgreSQL's json_agg of no rows is null; the pg driver parses its json on its own.
  const rows = postgres
    ? sql<unknown[][] | string | null>`json_agg(json_build_array(${values}))`
    : sql<unknown[][] | string | null>`json_group_array(json_array(${values}))`;
  const answer = await db
    .selectFrom(query.as('q'))
    .select(rows.as('rows'))
    .executeTakeFirstOrThrow();
  const arrays = (typeof answer.rows === 'string' ? JSON.parse(answer.rows) : (answer.rows ?? [])) as unknown[][];
  const objects = new Array<Pick<O, K>>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const array = arrays[i]!;
    const object: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) object[columns[c]!] = array[c];
    objects[i] = object as Pick<O, K>;
  }
  return objects;
}
