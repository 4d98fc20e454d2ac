import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { testDatabases } from '../../test/test-app.ts';
import { databaseAt, insertOldAction, insertOldPromoter } from '../../test/migration-database.ts';
import type { Dialect } from '../kysely.ts';

// Migration 023 on a database with check-ins and photos (decision 101): each assignment gets her
// check-in as the live day showed it until then — the later one should she have two — and the time of
// her end photos; one without them has neither.

describe.each(testDatabases)('migration 023 (%s)', (dialect: Dialect) => {
  it('keeps each assignment’s check-in and end photos’ time on it; one without them has none', async () => {
    const before = await databaseAt(dialect, '022-retention-indexes');
    try {
      const { db } = before;
      const at = '2026-11-27T08:00:00.000Z';
      const [anna, ola] = [await insertOldPromoter(db, at), await insertOldPromoter(db, at)];
      const actionId = await insertOldAction(db, { at, since: '2026-11-27 09:00:00', until: '2026-11-27 17:00:00' });
      for (const [user_id, status] of [
        [anna, 'started'],
        [ola, null],
      ] as const) {
        await db
          .insertInto('action_assignments')
          .values({ action_id: actionId, user_id, status, action_point_id: null, last_status_at: null, cancelled_at: null })
          .execute();
      }
      const event = (user_id: string, kind: 'check_in' | 'cancel', created_at: string, wall_time: string, latitude: number | null) => ({
        id: newId(),
        action_id: actionId,
        user_id,
        kind,
        action_point_id: null,
        latitude,
        longitude: latitude === null ? null : 21,
        cash_terminal_id: null,
        created_at,
        wall_time,
        received_at: created_at,
      });
      await db
        .insertInto('action_status_events')
        .values([
          // Two check-ins of hers (none happens through the app, but the live day took the later one).
          event(anna, 'check_in', '2026-11-27T08:10:00.000Z', '2026-11-27 09:10:00', 52.1),
          event(anna, 'check_in', '2026-11-27T08:05:00.000Z', '2026-11-27 09:05:00', 52.05),
          event(ola, 'cancel', '2026-11-27T08:00:00.000Z', '2026-11-27 09:00:00', null),
        ])
        .execute();
      const file = (user_id: string, ident: 'bereal_start' | 'bereal_end', position: number, created_at: string) => ({
        id: newId(),
        action_id: actionId,
        user_id,
        ident,
        position,
        blob_key: `${newId()}.jpg`,
        content_type: 'image/jpeg',
        size: 1,
        created_at,
      });
      await db
        .insertInto('action_files')
        .values([
          file(anna, 'bereal_start', 0, '2026-11-27T08:04:00.000Z'),
          file(anna, 'bereal_end', 1, '2026-11-27T15:00:01.000Z'),
          file(anna, 'bereal_end', 0, '2026-11-27T15:00:00.000Z'),
          file(ola, 'bereal_start', 0, '2026-11-27T08:04:00.000Z'),
        ])
        .execute();

      await before.migrateRest();
      const rows = await db
        .selectFrom('action_assignments')
        .select(['user_id', 'checked_in_at', 'checked_in_wall_time', 'check_in_latitude', 'check_in_longitude', 'end_photos_at'])
        .where('action_id', '=', actionId)
        .execute();
      expect(rows.find((r) => r.user_id === anna)).toEqual({
        user_id: anna,
        checked_in_at: '2026-11-27T08:10:00.000Z',
        checked_in_wall_time: '2026-11-27 09:10:00',
        check_in_latitude: 52.1,
        check_in_longitude: 21,
        end_photos_at: '2026-11-27T15:00:00.000Z',
      });
      expect(rows.find((r) => r.user_id === ola)).toEqual({
        user_id: ola,
        checked_in_at: null,
        checked_in_wall_time: null,
        check_in_latitude: null,
        check_in_longitude: null,
        end_photos_at: null,
      });
    } finally {
      await before.close();
    }
  });
});
