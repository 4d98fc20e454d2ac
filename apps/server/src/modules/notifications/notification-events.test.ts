import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildEvents, buildSignedInStaff, buildTerritory, type BuiltStaff } from '../../test/admin-builders.ts';
import { buildSignedInPromoter, wallDay, type BuiltPromoter } from '../../test/builders.ts';
import { atWallHour } from '../../test/live.ts';
import { buildSubscriptions, notificationRows, pushSendsOf, sweep } from '../../test/notifications.ts';
import { planCsv, planRow, type PlanRowValues } from '../../test/plan-csv.ts';
import { postPlan } from '../../test/planning.ts';
import { approve, buildReport, requestChanges, resubmit } from '../../test/reviews.ts';
import { actionsCall, planAction, scheduleInput, schedulePoint, type PlanOptions } from '../../test/scheduling.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// The events that fill her inbox (issue 37, decision 135), each made in the transaction of its change
// through the real calls: a send-back, a cancellation, a move, an assignment, a plan import (one per
// promoter), a copy — and none for a change that changes nothing.

type Promoter = BuiltPromoter & { token: string };

describe.each(testDatabases)('notifications made by the changes they tell of (%s)', (dialect) => {
  let t: TestApp;
  let territory: string;
  let coordinator: BuiltStaff & { token: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    territory = await buildTerritory(t, 'WAW');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
    await buildEvents(t, 'EV-SCHEDULE');
  });
  afterAll(() => t.close());
  // Every test at 10:00 of a later day: "today", "within 24 hours" and "her next 7 days" hold whenever it runs.
  beforeEach(() => {
    t.clock.advance(86_400_000);
    atWallHour(t, 10);
  });

  const promoter = (): Promise<Promoter> => buildSignedInPromoter(t, { territories: [territory], mobilePhone: '+48600100200' });
  const plan = (o: PlanOptions, promoters: Promoter[] = []) =>
    planAction(
      t,
      coordinator.token,
      { territory, ...o },
      promoters.map((p) => p.userId),
    );
  const update = async (action: Awaited<ReturnType<typeof plan>>, o: PlanOptions, points = [schedulePoint(1), schedulePoint(2)]) => {
    const input = { ...scheduleInput(t, { territory, name: action.name, ...o }), uuid: action.uuid };
    const body = { action: { ...input, points: points.map((p, i) => ({ ...p, uuid: action.points[i]?.uuid })) }, confirm: true };
    const res = await actionsCall(t, 'update', body, coordinator.token);
    expect(res.statusCode, res.body).toBe(200);
  };
  const kinds = async (p: Promoter) => (await notificationRows(t, p.userId)).map((n) => n.kind);
  /** What she was told after being planned onto the action (planning her on it is an assignment of its own). */
  const told = async (p: Promoter) => (await notificationRows(t, p.userId)).filter((n) => n.kind !== 'action_assigned');

  it('a report sent back tells her with the note: urgent, its SMS due in 10 minutes, one push per device of hers; an approval tells nothing', async () => {
    const report = await buildReport(t, territory, { promoter: await promoter() });
    const devices = await buildSubscriptions(t, report.promoter, 2);
    expect((await requestChanges(t.app, coordinator.token, report.ref, 'Brakuje zdjęcia półki.', 'photos')).statusCode).toBe(200);

    const [row] = await notificationRows(t, report.promoter.userId);
    expect(row).toMatchObject({ kind: 'report_returned', action_id: report.action.uuid, urgent: 1, push_devices: 2, sms_state: 'waiting' });
    expect(Date.parse(row!.sms_due_at!) - Date.parse(row!.created_at)).toBe(600_000);
    expect(JSON.parse(row!.details)).toEqual({
      actionUuid: report.action.uuid,
      actionName: report.action.name,
      since: report.action.since,
      place: 'Punkt 1, ul. Testowa 1, 00-001 Warszawa',
      previousSince: null,
      previousPlace: null,
      note: 'Brakuje zdjęcia półki.',
      changedActions: null,
    });
    expect(row!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const sends = await pushSendsOf(t, row!.id);
    expect(sends.map((s) => s.subscription_id).sort()).toEqual([...devices].sort());
    expect(sends.every((s) => s.state === 'pending' && s.topic === row!.topic && s.next_attempt_at === row!.created_at)).toBe(true);
    expect(new Set(sends.map((s) => s.receipt)).size).toBe(2);

    t.clock.advance(60_000);
    expect((await resubmit(t.app, report.promoter.token, report.action.uuid)).statusCode).toBe(200);
    expect((await approve(t.app, coordinator.token, report.ref)).statusCode).toBe(200);
    expect(await kinds(report.promoter)).toEqual(['report_returned']);
  });

  it("her resubmitting the report settles its send-back: read, its SMS not needed; another report's send-back stays", async () => {
    const anna = await promoter();
    const [fixed, other] = [await buildReport(t, territory, { promoter: anna }), await buildReport(t, territory, { promoter: anna })];
    for (const report of [fixed, other]) {
      expect((await requestChanges(t.app, coordinator.token, report.ref, 'Brakuje zdjęcia półki.', 'photos')).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    expect((await resubmit(t.app, anna.token, fixed.action.uuid)).statusCode).toBe(200);

    const sendBack = async (report: typeof fixed) =>
      (await notificationRows(t, anna.userId)).find((r) => r.kind === 'report_returned' && r.action_id === report.action.uuid)!;
    expect(await sendBack(fixed)).toMatchObject({ read_at: t.clock.now().toISOString(), sms_state: 'not_needed' });
    expect(await sendBack(other)).toMatchObject({ read_at: null, sms_state: 'waiting' });
    t.clock.advance(600_000);
    await sweep(t);
    expect(await sendBack(fixed)).toMatchObject({ sms_state: 'not_needed', sms_sent_at: null });
    expect((await sendBack(other)).sms_state).toBe('sent');
  });

  it('a cancellation of an action today tells each promoter on it (urgent, with SMS) but her who cancelled it herself; a second cancel nothing', async () => {
    const [anna, ewa, hanna] = [await promoter(), await promoter(), await promoter()];
    const action = await plan({ offset: 0, from: '14:00', to: '18:00' }, [anna, ewa, hanna]);
    await t.db
      .updateTable('action_assignments')
      .set({ cancelled_at: t.clock.now().toISOString() })
      .where('action_id', '=', action.uuid)
      .where('user_id', '=', hanna.userId)
      .execute();
    const cancel = () => actionsCall(t, 'cancel', { action: { uuid: action.uuid } }, coordinator.token);
    expect((await cancel()).statusCode).toBe(200);
    for (const p of [anna, ewa]) {
      const rows = await told(p);
      expect(rows.map((r) => [r.kind, r.urgent, r.sms_state, r.push_devices])).toEqual([['action_cancelled', 1, 'waiting', 0]]);
    }
    expect(await told(hanna)).toEqual([]);
    expect((await cancel()).statusCode).toBe(200);
    expect((await told(anna)).map((r) => r.kind)).toEqual(['action_cancelled']);
  });

  it('a cancellation of an action next week is neither urgent nor an SMS', async () => {
    const anna = await promoter();
    const action = await plan({ offset: 5 }, [anna]);
    expect((await actionsCall(t, 'cancel', { action: { uuid: action.uuid } }, coordinator.token)).statusCode).toBe(200);
    const rows = await notificationRows(t, anna.userId);
    expect(rows.map((r) => [r.kind, r.urgent, r.sms_state, r.sms_due_at])).toEqual([
      ['action_assigned', 0, 'not_needed', null],
      ['action_cancelled', 0, 'not_needed', null],
    ]);
  });

  it('a move tells her the time and place before; an update changing nothing, or only its name, tells nothing', async () => {
    const anna = await promoter();
    const action = await plan({ offset: 3 }, [anna]);
    await update(action, { offset: 3 });
    await update(action, { offset: 3, name: `${action.name} (nowa nazwa)` });
    expect(await told(anna)).toEqual([]);

    await update(action, { offset: 3, from: '12:00' });
    const moved = await told(anna);
    expect(moved.map((r) => [r.kind, r.urgent, r.sms_state])).toEqual([['action_moved', 0, 'not_needed']]);
    expect(JSON.parse(moved[0]!.details)).toMatchObject({
      since: `${wallDay(t, 3)} 12:00:00`,
      previousSince: `${wallDay(t, 3)} 10:00:00`,
      previousPlace: null,
    });

    await update(action, { offset: 3, from: '12:00' }, [{ ...schedulePoint(1), streetAddress: 'ul. Nowa 5' }, schedulePoint(2)]);
    const [, second] = await told(anna);
    expect(JSON.parse(second!.details)).toMatchObject({
      previousSince: null,
      previousPlace: 'Galeria 1, ul. Złota 1, 00-120 Warszawa; Galeria 2, ul. Złota 2, 00-120 Warszawa',
      place: 'Galeria 1, ul. Nowa 5, 00-120 Warszawa; Galeria 2, ul. Złota 2, 00-120 Warszawa',
    });
    // One subject, one topic: the newest push of the action replaces one still waiting.
    expect(second!.topic).toBe(moved[0]!.topic);
  });

  it('a move away from tomorrow morning falls back to SMS, as one onto it would', async () => {
    const anna = await promoter();
    const action = await plan({ offset: 1, from: '08:00', to: '12:00' }, [anna]);
    await update(action, { offset: 4, from: '08:00', to: '12:00' });
    expect((await told(anna)).map((r) => [r.kind, r.sms_state])).toEqual([['action_moved', 'waiting']]);
  });

  it('an assignment within her next 7 days tells her; one further ahead, or of one already on it, does not', async () => {
    const [anna, ewa] = [await promoter(), await promoter()];
    const soon = await plan({ offset: 2 });
    const assign = (actionId: string, p: Promoter) =>
      actionsCall(t, 'assign', { action: { uuid: actionId }, promoters: [{ uuid: p.userId }], confirm: true }, coordinator.token);
    expect((await assign(soon.uuid, anna)).statusCode).toBe(200);
    expect((await assign(soon.uuid, anna)).statusCode).toBe(200);
    const later = await plan({ offset: 8 });
    expect((await assign(later.uuid, anna)).statusCode).toBe(200);
    const rows = await notificationRows(t, anna.userId);
    expect(rows.map((r) => [r.kind, r.action_id, r.sms_state, r.urgent])).toEqual([['action_assigned', soon.uuid, 'not_needed', 0]]);
    // Planned with her on it: the same as an assignment.
    const created = await plan({ offset: 1 }, [ewa]);
    expect((await notificationRows(t, ewa.userId)).map((r) => [r.kind, r.action_id])).toEqual([['action_assigned', created.uuid]]);
  });

  describe('bulk changes of the plan', () => {
    const importPlan = async (rows: PlanRowValues[]) => {
      await buildEvents(t, ...new Set(rows.map((r) => r.event)));
      const res = await postPlan(t.app, coordinator.token, planCsv(rows), { headers: { 'idempotency-key': randomUUID() } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { created: number; updated: number; unchanged: number };
    };

    it('a plan import makes one notification per promoter, counting her changed actions in the next 7 days; the same file again none', async () => {
      const [anna, ewa, ola] = [await promoter(), await promoter(), await promoter()];
      const event = `EV-${randomUUID().slice(0, 8)}`;
      const row = (name: string, offset: number, promoters: Promoter[]) =>
        planRow({ event, territory, name, date: wallDay(t, offset), promoters: promoters.map((p) => p.ident).join(',') });
      const rows = [row('Pierwsza', 1, [anna, ewa]), row('Druga', 2, [anna]), row('Trzecia', 3, [anna]), row('Za dwa tygodnie', 14, [ola])];
      expect(await importPlan(rows)).toMatchObject({ created: 4 });
      const annas = await notificationRows(t, anna.userId);
      expect(annas.map((r) => [r.kind, r.action_id, JSON.parse(r.details).changedActions])).toEqual([['plan_changed', null, 3]]);
      expect((await notificationRows(t, ewa.userId)).map((r) => JSON.parse(r.details).changedActions)).toEqual([1]);
      expect(await kinds(ola)).toEqual([]);

      expect(await importPlan(rows)).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
      expect(await kinds(anna)).toEqual(['plan_changed']);

      // Another point for one of hers: everyone on it is told, once, under her plan's one topic.
      const moved = rows.map((r) => (r.name === 'Druga' ? { ...r, point_name: 'Galeria Północna', street: 'ul. Światowida 17' } : r));
      expect(await importPlan(moved)).toMatchObject({ updated: 1 });
      const after = await notificationRows(t, anna.userId);
      expect(after.map((r) => JSON.parse(r.details).changedActions)).toEqual([3, 1]);
      expect(after[1]!.topic).toBe(after[0]!.topic);
      expect(await kinds(ewa)).toEqual(['plan_changed']);
    });

    it("a plan import changing only a point's code or coordinates tells no one: she goes to the same place", async () => {
      const anna = await promoter();
      const event = `EV-${randomUUID().slice(0, 8)}`;
      const rows = [planRow({ event, territory, name: 'Degustacja', date: wallDay(t, 1), promoters: anna.ident })];
      expect(await importPlan(rows)).toMatchObject({ created: 1 });
      expect(await kinds(anna)).toEqual(['plan_changed']);
      const recoded = rows.map((r) => ({ ...r, petra_id: 'PT-777', latitude: '52.2297', longitude: '21.0122' }));
      expect(await importPlan(recoded)).toMatchObject({ updated: 1 });
      expect(await kinds(anna)).toEqual(['plan_changed']);
      const renamed = recoded.map((r) => ({ ...r, postal_code: '00-950' }));
      expect(await importPlan(renamed)).toMatchObject({ updated: 1 });
      expect(await kinds(anna)).toEqual(['plan_changed', 'plan_changed']);
    });

    it('a copy of actions with their promoters makes one notification per promoter for the copies in her next 7 days', async () => {
      const anna = await promoter();
      const [first, second] = [await plan({ offset: 1 }, [anna]), await plan({ offset: 1, from: '19:00', to: '21:00' }, [anna])];
      const before = (await notificationRows(t, anna.userId)).length;
      const body = {
        actions: [{ uuid: first.uuid }, { uuid: second.uuid }],
        from: wallDay(t, 1),
        to: [wallDay(t, 2), wallDay(t, 20)],
        promoters: true,
      };
      const res = await actionsCall(t, 'copy', { ...body, confirm: true }, coordinator.token);
      expect(res.statusCode, res.body).toBe(200);
      const rows = (await notificationRows(t, anna.userId)).slice(before);
      expect(rows.map((r) => [r.kind, JSON.parse(r.details).changedActions])).toEqual([['plan_changed', 2]]);
    });
  });
});
