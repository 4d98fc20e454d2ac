import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLiveResponse } from '@promotor/contract';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { buildLiveAction, live, onWholeSecond, wallAt } from '../../test/live.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// 'Sprawdzone' on the server (issue 33 item 10, decision 117): one queue for a territory's coordinators,
// with who checked each exception and when, every change in the audit log.

const MINUTE = 60_000;

describe.each(testDatabases)("a live-day exception's 'Sprawdzone' (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A territory with her action not started 20 minutes after its planned start: one exception. */
  async function notStartedDay() {
    const waw = await buildTerritory(t, 'WAW');
    const anna = await buildSignedInPromoter(t, { territories: [waw], firstname: 'Anna', lastname: 'Nowak' });
    onWholeSecond(t);
    const action = await buildLiveAction(t, anna, { territory: waw, since: wallAt(t, -20 * MINUTE) });
    const ewa = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw], firstname: 'Ewa', lastname: 'Koordynator' });
    const jan = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw], firstname: 'Jan', lastname: 'Zmiennik' });
    const exceptionOf = (answer: AdminLiveResponse) => answer.exceptions.find((e) => e.action.uuid === action.uuid)!;
    const exception = exceptionOf(await live(t, ewa.token, { territory: waw }));
    const body = (checked: boolean) => ({
      exception: { kind: exception.kind, action: { uuid: action.uuid }, promoter: { uuid: anna.userId }, since: exception.since },
      checked,
    });
    return { waw, anna, action, ewa, jan, exception, exceptionOf, body };
  }
  const check = (token: string, body: object) => post(t.app, '/admin/live/check', body, token);

  it('one coordinator checks it, another of the territory sees it checked with her name and time; taking it back is audited too', async () => {
    const day = await notStartedDay();
    expect(day.exception).toMatchObject({ kind: 'not_started', checked: null });
    const checkedAt = t.clock.now().toISOString();
    const res = await check(day.ewa.token, day.body(true));
    expect(res.statusCode, res.body).toBe(200);
    const by = { uuid: day.ewa.staffId, name: 'Ewa Koordynator' };
    expect(res.json().data).toEqual({ checked: { by, at: checkedAt } });
    t.clock.advance(MINUTE);
    expect(day.exceptionOf(await live(t, day.jan.token, { territory: day.waw })).checked).toEqual({ by, at: checkedAt });

    const back = await check(day.jan.token, day.body(false));
    expect(back.json().data).toEqual({ checked: null });
    expect(day.exceptionOf(await live(t, day.ewa.token, { territory: day.waw })).checked).toBeNull();
    const entries = (await auditEntries(t, 'live.exception_check')).filter((e) => e.object_id === day.action.uuid);
    // Newest first.
    expect(entries.map((e) => [e.actor_id, e.object_type, JSON.parse(e.details!)])).toEqual([
      [day.jan.staffId, 'action', { kind: 'not_started', promoter: day.anna.ident, since: day.exception.since, checked: false }],
      [day.ewa.staffId, 'action', { kind: 'not_started', promoter: day.anna.ident, since: day.exception.since, checked: true }],
    ]);
  });

  it('ten coordinators tick one exception at once: one check, the first one kept, one audit entry, no error', async () => {
    const day = await notStartedDay();
    const others = await Promise.all(
      Array.from({ length: 9 }, () => buildSignedInStaff(t, { roles: ['coordinator'], territories: [day.waw] })),
    );
    const answers = await Promise.all([day.ewa, ...others].map((staff) => check(staff.token, day.body(true))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.db.selectFrom('live_exception_checks').selectAll().where('action_id', '=', day.action.uuid).execute();
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.json().data)))).toEqual(new Set([JSON.stringify(answers[0]!.json().data)]));
    const entries = (await auditEntries(t, 'live.exception_check')).filter((e) => e.object_id === day.action.uuid);
    expect(entries.map((e) => e.actor_id)).toEqual([rows[0]!.checked_by]);
  });

  it("another territory's coordinator cannot check it: 404, and nothing is kept", async () => {
    const day = await notStartedDay();
    const krk = await buildTerritory(t, 'KRK');
    const krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    const res = await check(krakow.token, day.body(true));
    expect([res.statusCode, res.json().data.error]).toEqual([404, 'E_ACTION_NOT_FOUND']);
    expect(await t.db.selectFrom('live_exception_checks').selectAll().where('action_id', '=', day.action.uuid).execute()).toEqual([]);
  });

  it('a new episode (a later since) is back in the queue unchecked', async () => {
    const day = await notStartedDay();
    expect((await check(day.ewa.token, day.body(true))).statusCode).toBe(200);
    const later = {
      ...day.body(true),
      exception: { ...day.body(true).exception, since: new Date(Date.parse(day.exception.since) + MINUTE).toISOString() },
    };
    const rows = () => t.db.selectFrom('live_exception_checks').select('since').where('action_id', '=', day.action.uuid).execute();
    expect(await rows()).toHaveLength(1);
    expect((await check(day.jan.token, later)).json().data.checked).toMatchObject({ by: { name: 'Jan Zmiennik' } });
    expect(await rows()).toHaveLength(2);
  });
});
