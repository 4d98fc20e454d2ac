import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './schema.ts';

/** Where a value goes: the builder sees this object in its place and Kysely makes it a parameter. */
class Slot {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
}

type Value = string | number | boolean | null | undefined | readonly (string | number)[];
type Values = Record<string, Value>;

/**
 * The builder's view of the values: a non-empty string or a non-zero number is a slot standing in
 * for it, a list a list of slots of the same length; '' and 0, null, undefined and booleans are
 * themselves (and part of the shape), so `if (v.until)` decides as it would on the value. So a builder
 * can choose the query's shape but can never write a value into the SQL text, which is reused for
 * other callers and must hold none of this caller's data.
 */
function slotsOf<A extends Values>(values: A): A {
  const slots: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) slots[name] = value.map((_, index) => new Slot(name, index));
    else slots[name] = byValue(value) ? value : new Slot(name);
  }
  return slots as A;
}

/** Values that go into the shape as themselves: few, and each may change what the builder writes. */
const byValue = (value: unknown) => value === null || value === undefined || value === '' || value === 0 || typeof value === 'boolean';

/** The shape that decides the SQL text: those values, and each list's length. */
function shapeOf(values: Values): string {
  let shape = '';
  for (const [name, value] of Object.entries(values)) {
    const mark = Array.isArray(value) ? `[${value.length}]` : byValue(value) ? JSON.stringify(value ?? 'undefined') + typeof value : '+';
    shape += `${name}:${mark};`;
  }
  return shape;
}

/** A list used as one value (an array column) would carry slots, not values, to the database. */
function refuseNestedSlots(parameters: readonly unknown[]): void {
  for (const p of parameters) {
    if (Array.isArray(p) && p.some((item) => item instanceof Slot))
      throw new Error('preparedQuery: a list can only be an `in` list of values');
  }
}

/** The SQL texts of prepared queries, each with a name: PostgreSQL keeps them as named statements. */
const statementNames = new Map<string, string>();

/** The name under which PostgreSQL may keep this text's plan, if it is a prepared query's. */
export function statementNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A query built and compiled once per shape and dialect, then run with new values (issue 8): Kysely's
 * builder and compiler cost tens of microseconds a query, more than SQLite takes to run most of them.
 * The builder takes the values as slots (above); Kysely turns each into a parameter, which is replaced
 * by the caller's value at each run. Runs on the database or transaction given, like any repository
 * function. SQLite keeps the statement prepared by its text (db/kysely.ts).
 */
export function preparedQuery<A extends Values, R>(
  build: (db: Db, values: A) => Compilable<R>,
): (db: Db, values: A) => Promise<QueryResult<R>> {
  // Per dialect (the SQL differs) and per shape; a transaction shares its database's adapter.
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let byShape = compiled.get(adapter.constructor);
    if (!byShape) compiled.set(adapter.constructor, (byShape = new Map()));
    const shape = shapeOf(values);
    let query = byShape.get(shape);
    if (!query) {
      query = build(db, slotsOf(values)).compile();
      refuseNestedSlots(query.parameters);
      byShape.set(shape, query);
      // Named by the text itself: the same name wherever the same SQL is prepared.
      if (!statementNames.has(query.sql))
        statementNames.set(query.sql, `promotor_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`);
    }
    const parameters = query.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      const value = values[p.name];
      return p.index === undefined ? value : (value as readonly unknown[])[p.index];
    });
    return db.executeQuery({ ...query, parameters });
  };
}
