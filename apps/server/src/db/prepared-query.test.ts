import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildAction, buildPromoter, wallDay } from '../test/builders.ts';
import { preparedQuery } from './prepared-query.ts';

// Issue 8: hot queries are built once per shape and run with each caller's values.
describe.each(testDatabases)('prepared queries (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const usernameOf = preparedQuery((db, v: { id: string }) => db.selectFrom('users').select('username').where('id', '=', v.id));
  const usersIn = preparedQuery((db, v: { ids: string[]; prefix: string | undefined; limit: number }) => {
    let q = db.selectFrom('users').select('username').where('id', 'in', v.ids);
    if (v.prefix) q = q.where('username', 'like', v.prefix);
    return q.orderBy('username').limit(v.limit);
  });

  it("answers each caller with her own row: no caller's value stays in the reused query", async () => {
    const anna = await buildPromoter(t);
    const ewa = await buildPromoter(t);
    expect((await usernameOf(t.db, { id: anna.userId })).rows).toEqual([{ username: anna.username }]);
    expect((await usernameOf(t.db, { id: ewa.userId })).rows).toEqual([{ username: ewa.username }]);
    expect((await usernameOf(t.db, { id: 'nobody' })).rows).toEqual([]);
  });

  it('lists of any length, absent values and limits each get the query of their shape', async () => {
    const people = await Promise.all([1, 2, 3].map(() => buildPromoter(t)));
    const [a, b, c] = people.map((p) => p.userId) as [string, string, string];
    const names = (rows: { username: string }[]) => rows.map((r) => r.username);
    const sorted = people.map((p) => p.username).sort();
    expect(names((await usersIn(t.db, { ids: [a, b, c], prefix: undefined, limit: 10 })).rows)).toEqual(sorted);
    expect(names((await usersIn(t.db, { ids: [a], prefix: undefined, limit: 10 })).rows)).toEqual([people[0]!.username]);
    expect(names((await usersIn(t.db, { ids: [a, b, c], prefix: undefined, limit: 2 })).rows)).toEqual(sorted.slice(0, 2));
    expect((await usersIn(t.db, { ids: [a, b, c], prefix: 'no-such-%', limit: 10 })).rows).toEqual([]);
    expect(names((await usersIn(t.db, { ids: [b, c], prefix: `${people[1]!.username}%`, limit: 10 })).rows)).toEqual([people[1]!.username]);
  });

  it("'' and 0 decide the shape as the values would: an empty prefix is no filter, as in the plain query", async () => {
    const promoter = await buildPromoter(t);
    const rows = (await usersIn(t.db, { ids: [promoter.userId], prefix: '', limit: 10 })).rows;
    expect(rows).toEqual([{ username: promoter.username }]);
  });

  it('refuses a list used as one value (it would send placeholders, not her values)', async () => {
    const asOneValue = preparedQuery((db, v: { ids: string[] }) =>
      db
        .updateTable('users')
        .set({ username: v.ids as unknown as string })
        .where('id', '=', 'nobody'),
    );
    await expect(asOneValue(t.db, { ids: ['a', 'b'] })).rejects.toThrow(/in` list/);
  });

  it('runs inside a transaction the caller owns, and a rolled back write is gone', async () => {
    const promoter = await buildPromoter(t);
    const rename = preparedQuery((db, v: { id: string; username: string }) =>
      db.updateTable('users').set({ username: v.username }).where('id', '=', v.id),
    );
    await t.db
      .transaction()
      .execute(async (trx) => {
        await rename(trx, { id: promoter.userId, username: `${promoter.username}.renamed` });
        expect((await usernameOf(trx, { id: promoter.userId })).rows).toEqual([{ username: `${promoter.username}.renamed` }]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await usernameOf(t.db, { id: promoter.userId })).rows).toEqual([{ username: promoter.username }]);
  });

  it('the action list through its prepared query shows each promoter only her own actions', async () => {
    const [anna, ewa] = await Promise.all([buildPromoter(t), buildPromoter(t)]);
    const hers = await buildAction(t, anna);
    const other = await buildAction(t, ewa);
    const { listAssignedActions } = await import('../modules/actions/actions.repository.ts');
    const filter = { kind: 'current' as const, since: `${wallDay(t)} 00:00:00`, limit: 50, offset: 0 };
    expect((await listAssignedActions(t.db, anna.userId, filter)).map((r) => r.id)).toEqual([hers.uuid]);
    expect((await listAssignedActions(t.db, ewa.userId, filter)).map((r) => r.id)).toEqual([other.uuid]);
    const withStatuses = { ...filter, statuses: ['accepted' as const] };
    expect((await listAssignedActions(t.db, ewa.userId, withStatuses)).map((r) => r.id)).toEqual([other.uuid]);
  });
});

// Only where PostgreSQL runs (TEST_DATABASE_URL): named statements are a PostgreSQL matter.
if (testDatabases.includes('postgres')) {
  describe('prepared queries on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres');
    });
    afterAll(() => t.close());
    const usernameOf = preparedQuery((db, v: { id: string }) => db.selectFrom('users').select('username').where('id', '=', v.id));

    it('a prepared query is a named statement, planned once per connection', async () => {
      const promoter = await buildPromoter(t);
      const statements = await t.db.transaction().execute(async (trx) => {
        await usernameOf(trx, { id: promoter.userId });
        await usernameOf(trx, { id: 'someone-else' });
        return (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx)).rows;
      });
      const mine = statements.filter((s) => s.statement === 'select "username" from "users" where "id" = $1');
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^promotor_[0-9a-f]{20}$/);
    });
  });
}
