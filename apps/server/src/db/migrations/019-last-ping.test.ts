import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { testDatabases } from '../../test/test-app.ts';
import { databaseAt, insertOldAction, insertOldPromoter } from '../../test/migration-database.ts';
import type { Dialect } from '../kysely.ts';

// Migration 019 on a database with pings (decision 096): each assignment gets its last ping as the live
// day showed it until then — the last to arrive, at the time her phone took it (never after its arrival).

describe.each(testDatabases)('migration 019 (%s)', (dialect: Dialect) => {
  it('keeps each assignment’s last ping on it; one without pings has none', async () => {
    const before = await databaseAt(dialect, '017-promoter-phones');
    try {
      const { db } = before;
      const at = '2026-11-27T08:00:00.000Z';
      const [anna, ola] = [await insertOldPromoter(db, at), await insertOldPromoter(db, at)];
      const actionId = await insertOldAction(db, { at, since: at, until: at });
      for (const user_id of [anna, ola]) {
        await db
          .insertInto('action_assignments')
          .values({ action_id: actionId, user_id, status: 'started', action_point_id: null, last_status_at: at, cancelled_at: null })
          .execute();
      }
      const ping = (created_at: string, captured_at: string | null, latitude: number) => ({
        id: newId(),
        action_id: actionId,
        user_id: anna,
        latitude,
        longitude: 21,
        accuracy: 9,
        captured_at,
        created_at,
        wall_time: '2026-11-27 09:00:00',
      });
      await db
        .insertInto('action_locations')
        .values([
          ping('2026-11-27T08:05:00.000Z', '2026-11-27T08:04:58.000Z', 52.1),
          // The last to arrive, taken 10:09:50 in Warsaw's winter time.
          ping('2026-11-27T08:10:00.000Z', '2026-11-27T09:09:50+01:00', 52.2),
        ])
        .execute();

      await before.migrateRest();
      const rows = await db
        .selectFrom('action_assignments')
        .select(['user_id', 'last_ping_latitude', 'last_ping_longitude', 'last_ping_accuracy', 'last_ping_at'])
        .where('action_id', '=', actionId)
        .execute();
      expect(rows.find((r) => r.user_id === anna)).toEqual({
        user_id: anna,
        last_ping_latitude: 52.2,
        last_ping_longitude: 21,
        last_ping_accuracy: 9,
        last_ping_at: '2026-11-27T08:09:50.000Z',
      });
      expect(rows.find((r) => r.user_id === ola)).toMatchObject({ last_ping_latitude: null, last_ping_at: null });
    } finally {
      await before.close();
    }
  });
});
