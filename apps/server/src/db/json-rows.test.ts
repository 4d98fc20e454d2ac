import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildAction, buildPromoter } from '../test/builders.ts';
import { jsonRows } from './json-rows.ts';

// The live day's many rows read as one JSON value on SQLite (db/json-rows.ts): the same rows, keys and
// values as a plain read, on both databases.
describe.each(testDatabases)('rows read as one JSON value (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers what a plain read answers: text with quotes and Polish letters, numbers, nulls', async () => {
    const promoter = await buildPromoter(t);
    await t.db.updateTable('users').set({ firstname: 'Żaneta "Ż" \\ Ąę', mobile_phone: null }).where('id', '=', promoter.userId).execute();
    await t.db
      .insertInto('promoter_phones')
      .values({
        user_id: promoter.userId,
        outbox_count: 3,
        outbox_oldest_at: null,
        last_seen_at: '2026-11-27T08:00:00.000Z',
        outbox_reported_at: null,
      })
      .execute();
    const query = t.db
      .selectFrom('users as u')
      .innerJoin('promoter_phones as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.firstname', 'u.mobile_phone', 'p.outbox_count', 'p.outbox_oldest_at'])
      .where('u.id', '=', promoter.userId);
    const rows = await jsonRows(t.db, query, ['id', 'firstname', 'mobile_phone', 'outbox_count', 'outbox_oldest_at']);
    expect(rows).toEqual([
      { id: promoter.userId, firstname: 'Żaneta "Ż" \\ Ąę', mobile_phone: null, outbox_count: 3, outbox_oldest_at: null },
    ]);
    expect(rows).toEqual(await query.execute());
  });

  it('answers no rows as an empty list', async () => {
    const query = t.db.selectFrom('users').select(['id', 'username']).where('id', '=', 'nobody');
    expect(await jsonRows(t.db, query, ['id', 'username'])).toEqual([]);
  });

  it('keeps coordinates exact', async () => {
    const promoter = await buildPromoter(t);
    const action = await buildAction(t, promoter);
    const point = { latitude: 52.229676, longitude: 21.012229 };
    await t.db.updateTable('action_points').set(point).where('id', '=', action.points[0]!).execute();
    const query = t.db
      .selectFrom('action_points')
      .select(['id', 'latitude', 'longitude', 'postal_code'])
      .where('action_id', '=', action.uuid);
    const rows = await jsonRows(t.db, query, ['id', 'latitude', 'longitude', 'postal_code']);
    expect(rows.find((row) => row.id === action.points[0])).toMatchObject(point);
    expect(rows).toEqual(await query.execute());
  });
});
