import { PostgresAdapter, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './kysely.ts';

// Many rows read at once (the live day's thousands, decision 096). On SQLite as one JSON value the
// database builds (json_group_array): better-sqlite3 otherwise hands each value of each row to
// JavaScript through N-API, which cost more than the query itself; one JSON.parse of the whole answer
// took half the time (the day's promoters: 7.0 → 3.2 ms, points 7.7 → 3.4 ms). On PostgreSQL as plain
// rows: its json_agg of the same rows cost the server more (promoters 11 → 16 ms) than pg's parsing
// saved. Each row comes back as an object with the keys in `columns`. Values must be what JSON holds —
// text, numbers, null — so a column must not be a blob or a boolean.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of any tables
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

export async function jsonRows<O extends Record<string, unknown>, K extends keyof O & string>(
  db: Db,
  query: AnySelect<O>,
  columns: readonly K[],
): Promise<Pick<O, K>[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return (await query.execute()) as Pick<O, K>[];
  const values = sql.join(columns.map((column) => sql.ref(`q.${column}`)));
  const answer = await db
    .selectFrom(query.as('q'))
    .select(sql<string>`json_group_array(json_array(${values}))`.as('rows'))
    .executeTakeFirstOrThrow();
  const arrays = JSON.parse(answer.rows) as unknown[][];
  const objects = new Array<Pick<O, K>>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const array = arrays[i]!;
    const object: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) object[columns[c]!] = array[c];
    objects[i] = object as Pick<O, K>;
  }
  return objects;
}
