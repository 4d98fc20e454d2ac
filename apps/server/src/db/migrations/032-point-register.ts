import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';
import { registerActionPoints } from '../point-register.ts';

// Issue 34 (decision 124): the register of points — a territory's stores, each with a code unique in
// its territory, and one point per name and address — and each action's point referring to its
// register point, beside its own copy of the address (what her phone and the reports read, spec §7).
// The points of actions planned so far go into the register, exact duplicates (the same territory,
// name, street, postal code and city) as one point; points of actions without a territory stay out.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const coordinate = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('points')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('territory_id', 'text', (c) => c.notNull().references('territories.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text', (c) => c.notNull())
    // '' for none, so that the address key compares it (a unique index holds two nulls as distinct)
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('latitude', coordinate)
    .addColumn('longitude', coordinate)
    .addColumn('chain', 'text')
    .addColumn('notes', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    // The guards of two writers at once (two creates, an import and a create): the statement refuses.
    .addUniqueConstraint('points_code_key', ['territory_id', 'code'])
    .addUniqueConstraint('points_address_key', ['territory_id', 'name', 'street_address', 'postal_code', 'city_name'])
    .execute();
  await db.schema
    .alterTable('action_points')
    .addColumn('point_id', 'text', (c) => c.references('points.id'))
    .execute();
  await db.schema.createIndex('action_points_point_idx').on('action_points').column('point_id').execute();
  await registerActionPoints(db as unknown as Db, new Date().toISOString());
}
