import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { buildFlag } from '../../test/integrity-flags.ts';
import { atWallHour, buildLiveAction, live } from '../../test/live.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 38 (decision 138): a plausibility flag raised today on today's action joins the live day's
// exceptions — one per promoter and action, since the first; weak evidence, an explained flag or one
// raised before today does not.
describe.each(testDatabases)('flags on the live day (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let coordinator: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
  });
  afterAll(() => t.close());

  const flaggedOf = async (actionUuid: string) =>
    (await live(t, coordinator.token)).exceptions.filter((e) => e.action.uuid === actionUuid && e.kind === 'integrity_flag');
  const dayAction = async () => {
    const anna = await buildSignedInPromoter(t, { territories: [waw] });
    const action = await buildLiveAction(t, anna, { territory: waw });
    return { action: { uuid: action.uuid }, promoter: anna };
  };

  it('a fault raised today is an exception since the first of her flags; a second one adds no other', async () => {
    atWallHour(t, 12);
    const day = await dayAction();
    const first = t.clock.now().toISOString();
    await buildFlag(t, day, 'frozen_fixes', { evidence: { count: 7, frozen: 'identical' } });
    t.clock.advance(10 * 60_000);
    await buildFlag(t, day, 'teleport', { evidence: { speedKmh: 240, minutes: 3 } });
    const found = await flaggedOf(day.action.uuid);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'integrity_flag', since: first, promoter: expect.objectContaining({ uuid: day.promoter.userId }) }),
    ]);
  });

  it("weak evidence, an explained flag, a flag raised yesterday and a far check-in (the live day's own 'started_far') are not exceptions of this kind", async () => {
    atWallHour(t, 12);
    const weak = await dayAction();
    await buildFlag(t, weak, 'weak_fix', { evidence: { accuracyMeters: 300 } });
    const far = await dayAction();
    await buildFlag(t, far, 'check_in_far');
    const yesterday = await dayAction();
    await buildFlag(t, yesterday, 'teleport', { raisedAt: new Date(t.clock.now().getTime() - 24 * 3_600_000).toISOString() });
    const explained = await dayAction();
    const id = await buildFlag(t, explained, 'photo_blank');
    // Closed as the review closes it (her report is not finished: the review's route would not see it yet).
    await t.db
      .updateTable('integrity_flags')
      .set({ explained_at: t.clock.now().toISOString(), explanation: 'x' })
      .where('id', '=', id)
      .execute();
    for (const day of [weak, far, yesterday, explained]) expect(await flaggedOf(day.action.uuid)).toEqual([]);
  });
});
