import { sql, type Insertable } from 'kysely';
import { newCode, newId } from '../lib/crypto.ts';
import type { Db } from './kysely.ts';
import type { PointTable } from './schema.ts';

// The register of points (issue 34, decision 124): what its rows hold that no single module owns — the
// text a search reads, a new point's code — and the step that puts the points of planned actions into
// the register, used by migration 032 for what was planned before it and by the demo seed.

/** What a search compares: code, name and address, chain, in lower case (JavaScript's: 'Ł' as 'ł' on SQLite too). */
export function pointSearchText(p: {
  code: string;
  name: string;
  street_address: string;
  postal_code: string;
  city_name: string;
  chain: string | null;
}): string {
  return [p.code, p.name, p.street_address, p.postal_code, p.city_name, p.chain ?? ''].join('\u0001').toLowerCase();
}

/** A new point's code: P- and six characters of the one-time codes' alphabet (no 0/O, 1/I). */
export const newPointCode = () => `P-${newCode(6)}`;

/** The register's key of a point in a territory: name, street, postal code ('' for none), city. */
export const addressKey = (p: {
  territory_id: string;
  name: string;
  street_address: string;
  postal_code: string | null;
  city_name: string;
}) => [p.territory_id, p.name, p.street_address, p.postal_code ?? '', p.city_name].join('\u0000');

const CHUNK = 500;

/**
 * Every point of an action of a territory that refers to no register point gets one: the register's
 * point of its territory, name and address, added when there is none — exact duplicates (the same
 * territory, name, street, postal code and city) become one point, with the coordinates of the latest
 * action that had some. Answers how many points it added.
 */
export async function registerActionPoints(db: Db, now: string): Promise<number> {
  const unlinked = await db
    .selectFrom('action_points as p')
    .innerJoin('actions as a', 'a.id', 'p.action_id')
    .select(['a.territory_id', 'p.name', 'p.street_address', 'p.postal_code', 'p.city_name', 'p.latitude', 'p.longitude', 'a.since'])
    .where('p.point_id', 'is', null)
    .where('a.territory_id', 'is not', null)
    .orderBy('a.since', 'desc')
    .execute();
  const registered = await db
    .selectFrom('points')
    .select(['territory_id', 'code', 'name', 'street_address', 'postal_code', 'city_name'])
    .execute();
  const known = new Set(registered.map((p) => addressKey(p)));
  const codes = new Set(registered.map((p) => `${p.territory_id}\u0000${p.code}`));
  const added = new Map<string, Insertable<PointTable> & { latitude: number | null }>();
  for (const row of unlinked) {
    const point = { ...row, territory_id: row.territory_id!, postal_code: row.postal_code ?? '' };
    const key = addressKey(point);
    if (known.has(key)) continue;
    const existing = added.get(key);
    // The latest action first: its coordinates, or the first later one's that has any.
    if (existing) {
      if (existing.latitude === null && row.latitude !== null)
        Object.assign(existing, { latitude: row.latitude, longitude: row.longitude });
      continue;
    }
    let code = newPointCode();
    while (codes.has(`${point.territory_id}\u0000${code}`)) code = newPointCode();
    codes.add(`${point.territory_id}\u0000${code}`);
    const values = {
      id: newId(),
      territory_id: point.territory_id,
      code,
      name: point.name,
      street_address: point.street_address,
      postal_code: point.postal_code,
      city_name: point.city_name,
      latitude: row.latitude,
      longitude: row.longitude,
      chain: null,
      notes: null,
      search_text: '',
      created_at: now,
      updated_at: now,
      archived_at: null,
    };
    added.set(key, { ...values, search_text: pointSearchText(values) });
  }
  const rows = [...added.values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('points')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  // Each unlinked point of an action of a territory to its register point (the address key's index finds it).
  await sql`update action_points set point_id = (
      select pt.id from points pt join actions a on a.territory_id = pt.territory_id
      where a.id = action_points.action_id and pt.name = action_points.name
        and pt.street_address = action_points.street_address
        and pt.postal_code = coalesce(action_points.postal_code, '') and pt.city_name = action_points.city_name)
    where point_id is null`.execute(db);
  return rows.length;
}
