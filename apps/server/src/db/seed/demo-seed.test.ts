import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { wallDate } from '../../lib/time.ts';
import { clearAllData, seedDemoData } from './demo-seed.ts';

describe.each(testDatabases)('demo data (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(() => t.close());

  const annasActions = () =>
    t.db
      .selectFrom('actions')
      .innerJoin('action_assignments', 'action_assignments.action_id', 'actions.id')
      .innerJoin('users', 'users.id', 'action_assignments.user_id')
      .where('users.username', '=', 'anna@demo.pl')
      .select(['actions.id', 'actions.since', 'actions.global_status', 'action_assignments.status'])
      .execute();

  it('gives Anna actions with zero, one and two points today, one started, one tomorrow, one cancelled, and finished ones', async () => {
    const today = wallDate(t.clock.now(), t.config.timezone);
    const tomorrow = wallDate(t.clock.now(), t.config.timezone, 1);
    const actions = await annasActions();
    const open = actions.filter((a) => a.global_status !== 'hst_cancelled' && a.status === null);
    expect(open.filter((a) => a.since.startsWith(tomorrow))).toHaveLength(1);
    expect(actions.filter((a) => a.global_status === 'hst_cancelled')).toHaveLength(1);
    expect(actions.filter((a) => a.status === 'started' && a.since.startsWith(today))).toHaveLength(1);
    const finished = actions.filter((a) => a.status === 'finished');
    expect(finished.length).toBeGreaterThanOrEqual(6);
    expect(finished.every((a) => a.since >= wallDate(t.clock.now(), t.config.timezone, -62))).toBe(true);

    const openToday = open.filter((a) => a.since.startsWith(today));
    const points = await t.db
      .selectFrom('action_points')
      .select('action_id')
      .where(
        'action_id',
        'in',
        openToday.map((a) => a.id),
      )
      .execute();
    const counts = openToday.map((a) => points.filter((p) => p.action_id === a.id).length).sort();
    expect(counts).toEqual([0, 1, 2]);
  });

  it('has voucher batches with codes and availability blocks', async () => {
    const vouchers = await t.db.selectFrom('vouchers').select('id').execute();
    expect(vouchers.length).toBeGreaterThan(10);
    expect((await t.db.selectFrom('availability').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('seeds only an empty database, and rebuilds after a reset', async () => {
    expect(await seedDemoData(t.db, { timezone: t.config.timezone })).toBe(false);
    await clearAllData(t.db);
    expect(await seedDemoData(t.db, { timezone: t.config.timezone })).toBe(true);
    expect((await t.db.selectFrom('users').select('username').orderBy('username').execute()).map((u) => u.username)).toEqual([
      'anna@demo.pl',
      'piotr@demo.pl',
    ]);
  });
});
