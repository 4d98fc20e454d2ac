import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInPromoter, wallDay, type BuiltPromoter } from '../../test/builders.ts';
import { buildEvents, buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { planCsv, planRow } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { actionsCall, auditDetails, declareAvailability, planAction, scheduleInput } from '../../test/scheduling.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 34, decision 126: the promoters' schedules beside an action being planned, the open actions, and
// the confirmed overrides of her calendar on the record — on both databases, with a coordinator of
// Warsaw and one of Kraków who must not see each other's territories.

type Promoter = BuiltPromoter & { token: string };
type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('scheduling against availability (%s)', (dialect) => {
  let t: TestApp;
  let admin: Staff;
  let waw: Staff;
  let krk: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    waw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
    krk = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['KRK-STARE-MIASTO'] });
    // Events are made on the Wydarzenia page, never by a plan (decision 123).
    await buildEvents(t, 'EV-SCHEDULE', 'EV-PLAN', `EV-OPEN-${dialect}`);
  });
  afterAll(() => t.close());

  const day = (offset: number) => wallDay(t, offset);
  /** A territory of the test's own: its promoters are only those the test makes. */
  let territories = 0;
  const ownTerritory = async () => {
    const ident = `WAW-S${++territories}-${dialect.toUpperCase()}`;
    const staff = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [ident] });
    return { ident, staff };
  };
  const schedules = (token: string, body: Record<string, unknown>) => post(t.app, '/admin/actions/schedules', body, token);

  it("beside an action: each promoter of its territory with that day's blocks and other actions, and what assigning her would meet", async () => {
    const { ident, staff } = await ownTerritory();
    const hanna: Promoter = await buildSignedInPromoter(t, { firstname: 'Hanna', lastname: 'Adamska', territories: [ident] });
    const iga: Promoter = await buildSignedInPromoter(t, { firstname: 'Iga', lastname: 'Bielska', territories: [ident] });
    const gone = await buildSignedInPromoter(t, { firstname: 'Ola', lastname: 'Cicha', territories: [ident] });
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.userId).execute();
    await buildSignedInPromoter(t, { firstname: 'Zofia', territories: ['WAW-POLUDNIE'] });
    await declareAvailability(t, hanna.token, 3, '08:00', '14:00');
    const morning = await planAction(t, staff.token, { territory: ident, offset: 3, from: '09:00', to: '13:00' }, [hanna.userId]);
    const planned = await planAction(t, staff.token, { territory: ident, offset: 3, from: '12:00', to: '16:00' }, [iga.userId]);

    const res = await schedules(staff.token, {
      territory: ident,
      since: planned.since,
      until: planned.until,
      action: { uuid: planned.uuid },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      days: { since: `${day(3)} 00:00:00`, until: `${day(3)} 23:59:59` },
      promoters: [
        {
          promoter: { uuid: hanna.userId, ident: hanna.ident, firstname: 'Hanna', lastname: 'Adamska' },
          assigned: false,
          availability: [{ since: `${day(3)} 08:00:00`, until: `${day(3)} 14:00:00` }],
          actions: [{ uuid: morning.uuid, name: morning.name, since: morning.since, until: morning.until }],
          conflicts: ['overlap', 'outside_availability'],
        },
        // The action itself is not one of her other actions.
        {
          promoter: { uuid: iga.userId, ident: iga.ident, firstname: 'Iga', lastname: 'Bielska' },
          assigned: true,
          availability: [],
          actions: [],
          conflicts: [],
        },
      ],
    });
    // 'Dodaj akcję': no action yet, only its times — the morning's own promoter is busy then, within her hours.
    const fresh = await schedules(staff.token, { territory: ident, since: `${day(3)} 09:30:00`, until: `${day(3)} 11:00:00` });
    const hers = fresh.json().data.promoters.find((p: { promoter: { uuid: string } }) => p.promoter.uuid === hanna.userId);
    expect(hers).toMatchObject({ assigned: false, conflicts: ['overlap'] });
  });

  it('another territory, or an action of one, is answered to the Kraków coordinator as an unknown one', async () => {
    const action = await planAction(t, waw.token, { offset: 4 });
    const span = { since: action.since, until: action.until };
    for (const territory of ['WAW-CENTRUM', 'NIE-MA-TAKIEGO']) {
      const res = await schedules(krk.token, { territory, ...span });
      expect([res.statusCode, res.json().data.error], territory).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
    }
    const ofWarsaw = await schedules(krk.token, { territory: 'KRK-STARE-MIASTO', ...span, action: { uuid: action.uuid } });
    expect([ofWarsaw.statusCode, ofWarsaw.json().data.error]).toEqual([404, 'E_ACTION_NOT_FOUND']);
    const missing = await schedules(krk.token, { territory: 'KRK-STARE-MIASTO', ...span, action: { uuid: 'nie-ma' } });
    expect([missing.statusCode, missing.json().data.error]).toEqual([404, 'E_ACTION_NOT_FOUND']);
    expect((await schedules(admin.token, { territory: 'WAW-CENTRUM', ...span, action: { uuid: action.uuid } })).statusCode).toBe(200);
  });

  it('refuses an end before the start and more than a week of days, naming the field', async () => {
    for (const until of [`${day(1)} 09:00:00`, `${day(9)} 09:00:00`]) {
      const res = await schedules(waw.token, { territory: 'WAW-CENTRUM', since: `${day(1)} 10:00:00`, until });
      expect([res.statusCode, res.json().data.error, res.json().data.details[0].path]).toEqual([400, 'E_VALIDATION', 'body.until']);
    }
  });

  describe('open actions', () => {
    const open = (token: string, body: Record<string, unknown> = {}) =>
      post(t.app, '/admin/actions/open', { since: `${day(-3)} 00:00:00`, until: `${day(20)} 00:00:00`, pageSize: 200, ...body }, token);

    it('lists per territory the planned actions nobody is on yet, and an action leaves the list once she is assigned', async () => {
      const event = `EV-OPEN-${dialect}`;
      const anna: Promoter = await buildSignedInPromoter(t, { firstname: 'Anna', territories: ['WAW-CENTRUM'] });
      const centre = await planAction(t, waw.token, { event, offset: 10 });
      const south = await planAction(t, waw.token, { event, territory: 'WAW-POLUDNIE', offset: 11 });
      const staffed = await planAction(t, waw.token, { event, offset: 10, from: '08:00', to: '09:00' }, [anna.userId]);
      const cancelled = await planAction(t, waw.token, { event, offset: 12 });
      await actionsCall(t, 'cancel', { action: { uuid: cancelled.uuid } }, waw.token);
      // She cancelled it in her app: nobody is on it any more.
      const dropped = await planAction(t, waw.token, { event, offset: 13 }, [anna.userId]);
      expect((await post(t.app, '/action/cancel', { action: { uuid: dropped.uuid } }, anna.token)).statusCode).toBe(200);
      // Over already: nobody can staff it now.
      const over = await planAction(t, waw.token, { event, offset: -1 });

      const res = await open(waw.token, { pageSize: 200 });
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().data.actions.map((a: { uuid: string }) => a.uuid);
      expect(ids).toEqual(expect.arrayContaining([centre.uuid, south.uuid, dropped.uuid]));
      expect(ids).not.toContain(staffed.uuid);
      expect(ids).not.toContain(cancelled.uuid);
      expect(ids).not.toContain(over.uuid);
      const counts = res.json().data.territories as { ident: string; count: number }[];
      expect(counts.map((c) => c.ident)).toEqual(['WAW-CENTRUM', 'WAW-POLUDNIE']);
      expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(res.json().data.total);

      const south_ = await open(waw.token, { territory: 'WAW-POLUDNIE' });
      expect(south_.json().data.actions.map((a: { territory: { ident: string } }) => a.territory.ident)).not.toContain('WAW-CENTRUM');
      // Assigned from the list: it is staffed, so no longer open.
      await actionsCall(t, 'assign', { action: { uuid: centre.uuid }, promoters: [{ uuid: anna.userId }], confirm: true }, waw.token);
      expect((await open(waw.token)).json().data.actions.map((a: { uuid: string }) => a.uuid)).not.toContain(centre.uuid);
    });

    it("the Kraków coordinator's list holds none of Warsaw's, even naming its territory; the administrator's holds both", async () => {
      const warsaw = await planAction(t, waw.token, { offset: 14 });
      const krakow = await planAction(t, krk.token, { territory: 'KRK-STARE-MIASTO', offset: 14 });
      const own = (await open(krk.token)).json().data;
      expect(own.actions.map((a: { uuid: string }) => a.uuid)).toContain(krakow.uuid);
      expect(own.actions.map((a: { uuid: string }) => a.uuid)).not.toContain(warsaw.uuid);
      expect(own.territories.map((c: { ident: string }) => c.ident)).toEqual(['KRK-STARE-MIASTO']);
      for (const territory of ['WAW-CENTRUM', 'NIE-MA-TAKIEGO']) {
        const named = await open(krk.token, { territory });
        expect([named.statusCode, named.json().data.total], territory).toEqual([200, 0]);
      }
      const all = (await open(admin.token)).json().data.actions.map((a: { uuid: string }) => a.uuid);
      expect(all).toEqual(expect.arrayContaining([warsaw.uuid, krakow.uuid]));
    });
  });

  describe('a confirmed override is on the record with what it overrode', () => {
    it('an assign outside her hours: the warning and the audit entry carry the blocks she declared', async () => {
      const { ident, staff } = await ownTerritory();
      const hanna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
      await declareAvailability(t, hanna.token, 5, '08:00', '12:00');
      await declareAvailability(t, hanna.token, 5, '15:00', '20:00');
      const action = await planAction(t, staff.token, { territory: ident, offset: 5, from: '10:00', to: '16:00' });
      const res = await actionsCall(
        t,
        'assign',
        { action: { uuid: action.uuid }, promoters: [{ uuid: hanna.userId }], confirm: true },
        staff.token,
      );
      const warning = {
        promoter: { uuid: hanna.userId },
        kind: 'outside_availability',
        actions: [],
        availability: [
          { since: `${day(5)} 08:00:00`, until: `${day(5)} 12:00:00` },
          { since: `${day(5)} 15:00:00`, until: `${day(5)} 20:00:00` },
        ],
      };
      expect(res.json().data.warnings).toEqual([warning]);
      expect(await auditDetails(t, action.uuid, 'actions.assign')).toEqual([{ promoters: [hanna.userId], conflictsConfirmed: [warning] }]);
    });

    it('an action moved onto another of her actions, confirmed: the change and the overlap in one audit entry', async () => {
      const { ident, staff } = await ownTerritory();
      const hanna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
      const morning = await planAction(t, staff.token, { territory: ident, offset: 6, from: '09:00', to: '12:00' }, [hanna.userId]);
      const later = await planAction(t, staff.token, { territory: ident, offset: 6, from: '14:00', to: '18:00' }, [hanna.userId]);
      const input = {
        ...scheduleInput(t, { territory: ident, offset: 6, from: '11:00', to: '18:00', name: later.name }),
        uuid: later.uuid,
      };
      input.points = later.points.map((p, n) => ({ ...input.points[n]!, uuid: p.uuid }));
      const res = await actionsCall(t, 'update', { action: input, confirm: true }, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await auditDetails(t, later.uuid, 'actions.update');
      expect(entry).toEqual({
        since: { from: `${day(6)} 14:00:00`, to: `${day(6)} 11:00:00` },
        conflictsConfirmed: [
          {
            promoter: { uuid: hanna.userId },
            kind: 'overlap',
            actions: [{ uuid: morning.uuid, name: morning.name, since: morning.since, until: morning.until }],
          },
        ],
      });
    });

    it("a plan file's confirmed conflict is on the entry of the action it concerns", async () => {
      const { ident, staff } = await ownTerritory();
      const hanna: Promoter = await buildSignedInPromoter(t, { territories: [ident] });
      await declareAvailability(t, hanna.token, 7, '08:00', '12:00');
      const row = planRow({ territory: ident, date: day(7), from: '10:00', to: '16:00', promoters: hanna.ident, name: `Plik ${dialect}` });
      const res = await postPlan(t.app, staff.token, planCsv([row]), { dryRun: false, confirm: ['Conflicts'] });
      expect(res.statusCode, res.body).toBe(200);
      const [action] = await t.db.selectFrom('actions').select('id').where('name', '=', `Plik ${dialect}`).execute();
      const [entry] = await auditDetails(t, action!.id, 'actions.create');
      expect(entry).toMatchObject({
        import: expect.any(String),
        conflictsConfirmed: [{ row: 2, promoter: hanna.ident, kind: 'outside_availability', actions: [] }],
      });
    });
  });
});
