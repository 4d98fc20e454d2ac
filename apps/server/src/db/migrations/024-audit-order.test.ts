import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { databaseAt } from '../../test/migration-database.ts';
import { testDatabases } from '../../test/test-app.ts';
import type { Dialect } from '../kysely.ts';

// Migration 024 on a log with entries of one instant (issue 40): each entry gets its place in the
// order it was written, new ones follow, and the table stays append-only.

describe.each(testDatabases)('migration 024 (%s)', (dialect: Dialect) => {
  it('numbers the entries in the order written, the next one after them, and the log still refuses changes', async () => {
    const before = await databaseAt(dialect, '023-check-in-on-the-assignment');
    try {
      const { db } = before;
      const at = '2026-11-29T00:10:00.000Z';
      // Ids that sort against the order written, all at one instant.
      const ids = ['c', 'b', 'a'].map((p) => `${p}-${newId()}`);
      for (const id of ids) {
        await sql`insert into audit_log (id, at, actor_type, actor_roles, verb) values (${id}, ${at}, 'system', '', 'old.entry')`.execute(
          db,
        );
      }
      await before.migrateRest();
      await db.insertInto('audit_log').values({ id: newId(), at, actor_type: 'system', actor_roles: '', verb: 'new.entry' }).execute();
      const rows = await db.selectFrom('audit_log').select(['id', 'verb']).orderBy('seq').execute();
      expect(rows.map((r) => r.verb)).toEqual(['old.entry', 'old.entry', 'old.entry', 'new.entry']);
      expect(rows.slice(0, 3).map((r) => r.id)).toEqual(ids);
      await expect(sql`update audit_log set verb = 'nic'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    } finally {
      await before.close();
    }
  });
});
