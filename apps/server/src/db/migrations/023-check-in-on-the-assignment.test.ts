import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { testDatabases } from '../../test/test-app.ts';
import { openDatabase, type Dialect } from '../kysely.ts';
import { migrateToLatest, migrateUpTo } from '../migrate.ts';

// Migration 023 on a database with check-ins and photos (decision 101): each assignment gets her
// check-in as the live day showed it until then — the later one should she have two — and the time of
// her end photos; one without them has neither.

async function onPg(sqlText: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  await client.query(sqlText).finally(() => client.end());
}

describe.each(testDatabases)('migration 023 (%s)', (dialect: Dialect) => {
  it('keeps each assignment’s check-in and end photos’ time on it; one without them has none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-m023-'));
    const schema = `m023_${randomBytes(6).toString('hex')}`;
    if (dialect === 'postgres') await onPg(`create schema ${schema}`);
    const url = dialect === 'sqlite' ? `sqlite:${path.join(dir, 'm.sqlite')}` : process.env.TEST_DATABASE_URL!;
    const database = openDatabase({ url, ...(dialect === 'postgres' ? { schema } : {}) });
    const inSchema = dialect === 'postgres' ? schema : undefined;
    try {
      const db = database.db;
      await migrateUpTo(db, dialect, '022-retention-indexes', inSchema);
      const at = '2026-11-27T08:00:00.000Z';
      const [anna, ola] = [newId(), newId()];
      for (const id of [anna, ola]) {
        await db
          .insertInto('users')
          .values({
            id,
            ident: `HST-${id.slice(0, 8)}`,
            username: `${id}@test.pl`,
            password_hash: 'x',
            firstname: 'A',
            lastname: 'B',
            email_address: null,
            mobile_phone: null,
            created_at: at,
          })
          .execute();
      }
      const eventId = newId();
      await db
        .insertInto('events')
        .values({ id: eventId, ident: `EV-${eventId.slice(0, 6)}`, name: 'E' })
        .execute();
      const actionId = newId();
      await db
        .insertInto('actions')
        .values({
          id: actionId,
          ident: `A-${actionId.slice(0, 6)}`,
          name: 'A',
          event_id: eventId,
          since: '2026-11-27 09:00:00',
          until: '2026-11-27 17:00:00',
          global_status: 'started',
          created_at: at,
        })
        .execute();
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

      await migrateToLatest(db, dialect, inSchema);
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
      await database.destroy();
      if (dialect === 'postgres') await onPg(`drop schema ${schema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
