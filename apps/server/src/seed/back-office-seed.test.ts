import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-seed.ts';
import { staffLogin } from '../test/admin-builders.ts';
import { createTestApp, post, type TestApp } from '../test/test-app.ts';
import { DEMO_STAFF } from './back-office-seed.ts';

// The back office's demo data (issue 24): README's accounts, and each coordinator sees her promoters.
describe('back office demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: true });
  });
  afterAll(() => t.close());

  it.each(DEMO_STAFF.map((s) => [s.username, s.roles.join(','), s.territories.join(',')]))(
    '%s logs in as %s with territories [%s]',
    async (username, roles, territories) => {
      const res = await post(t.app, '/admin/auth/login', { username, password: DEMO_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.staff.roles.join(',')).toBe(roles);
      expect(res.json().data.staff.territories.join(',')).toBe(territories);
    },
  );

  it('the Warsaw coordinator sees Anna, the Kraków one Piotr, the admin both', async () => {
    const seen = async (username: string) => {
      const token = await staffLogin(t.app, username, DEMO_PASSWORD);
      return (await post(t.app, '/admin/promoters/list', {}, token)).json().data.promoters.map((p: { username: string }) => p.username);
    };
    expect(await seen('koordynator.waw@demo.pl')).toEqual(['anna@demo.pl']);
    expect(await seen('koordynator.krk@demo.pl')).toEqual(['piotr@demo.pl']);
    expect((await seen('admin@demo.pl')).sort()).toEqual(['anna@demo.pl', 'piotr@demo.pl']);
  });

  it("every demo action lies in a territory of its promoter: Anna's in Warsaw, Piotr's in Kraków", async () => {
    const rows = await t.db
      .selectFrom('actions')
      .innerJoin('action_assignments', 'action_assignments.action_id', 'actions.id')
      .innerJoin('users', 'users.id', 'action_assignments.user_id')
      .leftJoin('territories', 'territories.id', 'actions.territory_id')
      .select(['users.username', 'territories.ident'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.ident, r.username).toMatch(r.username === 'anna@demo.pl' ? /^WAW-/ : /^KRK-/);
    expect(new Set(rows.filter((r) => r.username === 'anna@demo.pl').map((r) => r.ident))).toEqual(
      new Set(['WAW-CENTRUM', 'WAW-POLUDNIE']),
    );
  });
});
