import { sql, type Kysely } from 'kysely';

// Issue 32 (decision 106): one action per event, territory, times and name — the key the plan import
// matches a file's action by (decision 087) — held by a unique index, so two imports at once cannot
// both create it. An action whose key an older action holds already (imports that raced before this,
// or /create twice) keeps its rows, assignments and reports; its own ident is added to its name, so
// the index can hold and the back office shows both. The oldest (by created_at, then id) keeps its
// name: it is the one a file matched until now. Actions without a territory (made before the back
// office) are left alone: the index treats their null territory as distinct.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update actions set name = name || ' (' || ident || ')'
    where territory_id is not null and exists (
      select 1 from actions older
      where older.event_id = actions.event_id and older.territory_id = actions.territory_id
        and older.since = actions.since and older.until = actions.until and older.name = actions.name
        and (older.created_at < actions.created_at or (older.created_at = actions.created_at and older.id < actions.id))
    )`.execute(db);
  await db.schema
    .createIndex('actions_natural_key')
    .on('actions')
    .columns(['event_id', 'territory_id', 'since', 'until', 'name'])
    .unique()
    .execute();
}
