// Typed field paths into a form's values: 'firstName', 'consents.mobileOptIn', 'selectedOffers.Glo.model',
// 'checklist' (a whole array) or 'offers.0.model' (one of its items). Widgets bind to a path and get
// its value's type, so a checkbox cannot be bound to a string by mistake.

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

export type Path<V> = V extends Leaf
  ? never
  : V extends readonly (infer Item)[]
    ? `${number}` | `${number}.${Path<Item>}`
    : { [K in keyof V & string]: K | (NonNullable<V[K]> extends Leaf ? never : `${K}.${Path<NonNullable<V[K]>>}`) }[keyof V & string];

export type PathValue<V, P extends string> = V extends readonly (infer Item)[]
  ? P extends `${number}.${infer Rest}`
    ? PathValue<Item, Rest>
    : Item
  : P extends `${infer K}.${infer Rest}`
    ? K extends keyof V
      ? PathValue<NonNullable<V[K]>, Rest>
      : never
    : P extends keyof V
      ? V[P]
      : never;

/** The value at `path` (undefined where the way is missing, e.g. an offer not chosen yet). */
export function getAt(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `values` with `value` at `path`; only the objects and arrays on the way are copied. */
export function setAt<V>(values: V, path: string, value: unknown): V {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const container: unknown = values ?? (/^\d+$/.test(key) ? [] : {});
  const copy = (Array.isArray(container) ? [...(container as unknown[])] : { ...(container as object) }) as Record<string, unknown>;
  copy[key] = rest.length === 0 ? value : setAt(copy[key], rest.join('.'), value);
  return copy as V;
}
