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

// Migration 019 on a database with pings (decision 096): each assignment gets its last ping as the live
// day showed it until then — the last to arrive, at the time her phone took it (never after its arrival).

async function onPg(sqlText: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  await client.query(sqlText).finally(() => client.end());
}

describe.each(testDatabases)('migration 019 (%s)', (dialect: Dialect) => {
  it('keeps each assignment’s last ping on it; one without pings has none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-m019-'));
    const schema = `m019_${randomBytes(6).toString('hex')}`;
    if (dialect === 'postgres') await onPg(`create schema ${schema}`);
    const url = dialect === 'sqlite' ? `sqlite:${path.join(dir, 'm.sqlite')}` : process.env.TEST_DATABASE_URL!;
    const database = openDatabase({ url, ...(dialect === 'postgres' ? { schema } : {}) });
    const inSchema = dialect === 'postgres' ? schema : undefined;
    try {
      const db = database.db;
      await migrateUpTo(db, dialect, '017-promoter-phones', inSchema);
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
          since: at,
          until: at,
          global_status: 'started',
          created_at: at,
        })
        .execute();
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

      await migrateToLatest(db, dialect, inSchema);
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
      await database.destroy();
      if (dialect === 'postgres') await onPg(`drop schema ${schema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
