import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildFlag } from '../../test/integrity-flags.ts';
import { buildReport } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { mondayOf } from './dashboard.service.ts';

// Issue 38 (decision 138): Pulpit counts the actions with a plausibility flag per week of their
// planned start and territory, in the caller's territories; not for the brand's client.
describe.each(testDatabases)('flagged actions on the dashboard (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
  });
  afterAll(() => t.close());

  const flaggedActions = async (roles: string[], territories: string[] = []) => {
    const staff = await buildSignedInStaff(t, { roles: roles as never, territories });
    const res = await post(t.app, '/admin/dashboard', { from: '2031-03-01', to: '2031-03-15' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.flaggedActions;
  };
  const reportOn = (territory: string, day: string) => buildReport(t, territory, { since: `${day} 10:00:00`, until: `${day} 18:00:00` });

  it('counts each flagged action once per week and territory; weak evidence alone is not counted', async () => {
    const tuesday = await reportOn(waw, '2031-03-04');
    await buildFlag(t, tuesday, 'check_in_far');
    await buildFlag(t, tuesday, 'teleport', { evidence: { speedKmh: 200 } });
    const thursday = await reportOn(waw, '2031-03-06');
    await buildFlag(t, thursday, 'photo_reused', { subject: 'p1' });
    await t.db
      .updateTable('integrity_flags')
      .set({ explained_at: '2031-03-07T09:00:00.000Z', explanation: 'ok' })
      .where('action_id', '=', thursday.action.uuid)
      .execute();
    const weakOnly = await reportOn(waw, '2031-03-05');
    await buildFlag(t, weakOnly, 'weak_fix', { evidence: { accuracyMeters: 300 } });
    const krakow = await reportOn(krk, '2031-03-10');
    await buildFlag(t, krakow, 'photo_blank', { subject: 'p2' });
    await reportOn(krk, '2031-03-11');

    expect(await flaggedActions(['admin'])).toEqual([
      { week: '2031-03-03', territory: { ident: waw, name: waw }, actions: 2 },
      { week: '2031-03-10', territory: { ident: krk, name: krk }, actions: 1 },
    ]);
    expect(await flaggedActions(['coordinator'], [krk])).toEqual([
      { week: '2031-03-10', territory: { ident: krk, name: krk }, actions: 1 },
    ]);
    expect(await flaggedActions(['client'])).toEqual([]);
  });

  it('a week begins on Monday', () => {
    expect(['2031-03-03', '2031-03-09', '2031-03-10', '2031-01-01 10:00:00'].map(mondayOf)).toEqual([
      '2031-03-03',
      '2031-03-03',
      '2031-03-10',
      '2030-12-30',
    ]);
  });
});
