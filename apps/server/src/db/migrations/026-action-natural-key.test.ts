import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { databaseAt } from '../../test/migration-database.ts';
import { testDatabases } from '../../test/test-app.ts';
import { isUniqueViolation, type Dialect } from '../kysely.ts';

// Migration 026 on actions planned twice with one key (imports that raced, issue 32): the oldest keeps
// its name, each later one gets its ident added to its name and keeps everything else, actions without
// a territory stay as they are, and the index refuses a new action of a taken key.

describe.each(testDatabases)('migration 026 (%s)', (dialect: Dialect) => {
  it('renames the later copies of an action by their ident, keeps the oldest, and refuses a new copy', async () => {
    const before = await databaseAt(dialect, '024-audit-order');
    try {
      const { db } = before;
      const eventId = newId();
      const territoryId = newId();
      await db.insertInto('events').values({ id: eventId, ident: 'EV-026', name: 'E' }).execute();
      await db.insertInto('territories').values({ id: territoryId, ident: 'WAW-026', name: 'WAW' }).execute();
      const key = { name: 'Sampling', event_id: eventId, since: '2030-03-04 10:00:00', until: '2030-03-04 18:00:00' };
      const action = async (ident: string, createdAt: string, o: { territory?: string | null; name?: string } = {}) => {
        const id = newId();
        await db
          .insertInto('actions')
          .values({
            ...key,
            id,
            ident,
            name: o.name ?? key.name,
            territory_id: o.territory === undefined ? territoryId : o.territory,
            global_status: 'accepted',
            created_at: createdAt,
          })
          .execute();
        return id;
      };
      // Written in another order than created: the oldest by created_at keeps its name.
      await action('AK-000003', '2030-01-03T00:00:00.000Z');
      await action('AK-000001', '2030-01-01T00:00:00.000Z');
      await action('AK-000002', '2030-01-02T00:00:00.000Z');
      await action('AK-000004', '2030-01-01T00:00:00.000Z', { name: 'Inna akcja' });
      await action('AK-000005', '2030-01-01T00:00:00.000Z', { territory: null });
      await action('AK-000006', '2030-01-02T00:00:00.000Z', { territory: null });
      await before.migrateRest();

      const rows = await db.selectFrom('actions').select(['ident', 'name']).orderBy('ident').execute();
      expect(rows).toEqual([
        { ident: 'AK-000001', name: 'Sampling' },
        { ident: 'AK-000002', name: 'Sampling (AK-000002)' },
        { ident: 'AK-000003', name: 'Sampling (AK-000003)' },
        { ident: 'AK-000004', name: 'Inna akcja' },
        { ident: 'AK-000005', name: 'Sampling' },
        { ident: 'AK-000006', name: 'Sampling' },
      ]);
      const copy = await action('AK-000007', '2030-01-04T00:00:00.000Z').catch((error: unknown) => error);
      expect(isUniqueViolation(copy)).toBe(true);
    } finally {
      await before.close();
    }
  });
});
