import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildPoint, buildSignedInPromoter, wallDay, wallTime } from '../../test/builders.ts';
import { checkIn, checkOut, listCurrent, listHistory } from '../../test/action-steps.ts';

describe.each(testDatabases)('field actions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const startOfToday = () => wallTime(t, 0, '00:00');
  const store = { name: 'Carrefour Arkadia', street: 'al. Jana Pawła II 82', postal: '00-175', city: 'Warszawa', petra: 'P-10877' };

  it('the current list shows her open, started, cancelled and upcoming actions with their points, not finished or past ones', async () => {
    const ewa = await buildSignedInPromoter(t);
    const started = await buildAction(t, ewa, { name: 'Rozpoczęta', status: 'started', since: wallTime(t, 0, '07:00') });
    const twoPoints = await buildAction(t, ewa, { name: 'Dwa punkty', since: wallTime(t, 0, '08:00'), points: [store, buildPoint(2)] });
    await buildAction(t, ewa, { name: 'Odwołana', global: 'hst_cancelled', since: wallTime(t, 0, '09:00') });
    await buildAction(t, ewa, { name: 'Bez punktu', since: wallTime(t, 0, '12:00'), points: 0 });
    await buildAction(t, ewa, { name: 'Jutrzejsza', since: wallTime(t, 1, '10:00') });
    await buildAction(t, ewa, { name: 'Zakończona dziś', status: 'finished', since: wallTime(t, 0, '06:00') });
    await buildAction(t, ewa, { name: 'Wczorajsza', since: wallTime(t, -1, '08:00') });

    const actions = await listCurrent(t.app, ewa.token, startOfToday());
    expect(actions.map((a) => a.name)).toEqual(['Rozpoczęta', 'Dwa punkty', 'Odwołana', 'Bez punktu', 'Jutrzejsza']);
    expect(actions[1]).toMatchObject({
      uuid: twoPoints.uuid,
      since: { date: `${wallDay(t)} 08:00:00` },
      event: { ident: expect.any(String) },
      status: { user: { status: null, actionPoint: null, lastStatusCreated: null }, global: { ident: 'accepted' } },
      actionPoints: [
        {
          uuid: twoPoints.points[0],
          name: 'Carrefour Arkadia',
          address: { streetAddress: 'al. Jana Pawła II 82', postalCode: '00-175', cityName: 'Warszawa' },
          point: { petraId: 'P-10877' },
        },
        { uuid: twoPoints.points[1], name: 'Punkt 2' },
      ],
    });
    expect(actions[0]!.status.user).toMatchObject({ status: 'started', actionPoint: { uuid: started.points[0] } });
    expect(actions[2]!.status.global.ident).toBe('hst_cancelled');
    expect(actions[3]!.actionPoints).toEqual([]);
  });

  it('another promoter never sees her actions', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    await buildAction(t, ewa, { name: 'Akcja Ewy' });
    await buildAction(t, ola, { name: 'Akcja Oli' });
    expect((await listCurrent(t.app, ola.token, startOfToday())).map((a) => a.name)).toEqual(['Akcja Oli']);
  });

  it('the history lists her finished actions, newest first, page by page', async () => {
    const ewa = await buildSignedInPromoter(t);
    for (const day of [-3, -7, -12, -18, -25, -33, -41, -52])
      await buildAction(t, ewa, { status: 'finished', since: wallTime(t, day, '10:00') });
    await buildAction(t, ewa, { name: 'Jeszcze przed nią' });
    await buildAction(t, await buildSignedInPromoter(t), { status: 'finished', since: wallTime(t, -5, '10:00') });

    const all = await listHistory(t.app, ewa.token, { until: `${wallDay(t)} 23:59:59` });
    expect(all).toHaveLength(8);
    expect(all.every((a) => a.status.user.status === 'finished')).toBe(true);
    expect(all.map((a) => a.since.date)).toEqual(
      all
        .map((a) => a.since.date)
        .sort()
        .reverse(),
    );
    const second = await listHistory(t.app, ewa.token, { limit: 5, offset: 5 });
    expect(second.map((a) => a.uuid)).toEqual(all.slice(5, 10).map((a) => a.uuid));
  });

  it('recent gives the started action as current and the last finished one', async () => {
    const ewa = await buildSignedInPromoter(t);
    const started = await buildAction(t, ewa, { status: 'started' });
    await buildAction(t, ewa, { status: 'finished', since: wallTime(t, -10, '10:00') });
    const last = await buildAction(t, ewa, { status: 'finished', since: wallTime(t, -3, '10:00') });
    const res = await post(t.app, '/action/recent', undefined, ewa.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.action.current.uuid).toBe(started.uuid);
    expect(res.json().data.action.last).toMatchObject({ uuid: last.uuid, status: { user: { status: 'finished' } } });
  });

  it('she cannot start a second action while one is started', async () => {
    const ewa = await buildSignedInPromoter(t);
    const first = await buildAction(t, ewa);
    const second = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, first)).statusCode).toBe(200);
    const res = await checkIn(t.app, ewa.token, second);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('finishing the started action moves it to the history and to recent.last', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, action)).statusCode).toBe(200);
    const res = await checkOut(t.app, ewa.token, action);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.action.status.user.status).toBe('finished');
    expect(await listCurrent(t.app, ewa.token, startOfToday())).toEqual([]);
    expect((await listHistory(t.app, ewa.token)).map((a) => a.uuid)).toEqual([action.uuid]);
    const recent = (await post(t.app, '/action/recent', undefined, ewa.token)).json().data.action;
    expect(recent.current).toBeNull();
    expect(recent.last.uuid).toBe(action.uuid);
  });

  it('a check-in starts the action at the chosen point and records position, cash terminal and time', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa, { points: 2 });
    const chosen = action.points[1]!;
    const res = await checkIn(t.app, ewa.token, action, { actionPoint: { uuid: chosen } });
    expect(res.statusCode).toBe(200);
    const started = res.json().data.action;
    expect(started.status.user.status).toBe('started');
    expect(started.status.user.actionPoint).toEqual({ uuid: chosen });
    expect(started.status.user.lastStatusCreated.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const events = await t.db.selectFrom('action_status_events').selectAll().where('action_id', '=', action.uuid).execute();
    expect(events).toMatchObject([
      { kind: 'check_in', latitude: 52.2297, longitude: 21.0122, cash_terminal_id: 'K12', action_point_id: chosen },
    ]);
    // The same check-in on her assignment, what the live day reads (decision 101).
    const assignment = await t.db
      .selectFrom('action_assignments')
      .select(['checked_in_at', 'checked_in_wall_time', 'check_in_latitude', 'check_in_longitude'])
      .where('action_id', '=', action.uuid)
      .where('user_id', '=', ewa.userId)
      .executeTakeFirstOrThrow();
    expect(assignment).toEqual({
      checked_in_at: events[0]!.created_at,
      checked_in_wall_time: events[0]!.wall_time,
      check_in_latitude: 52.2297,
      check_in_longitude: 21.0122,
    });
    expect((await checkIn(t.app, ewa.token, action)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('location pings are stored with server time, only for the started action', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    const notStarted = await buildAction(t, ewa, { since: wallTime(t, 1, '10:00') });
    expect((await checkIn(t.app, ewa.token, action)).statusCode).toBe(200);
    const ping = (uuid: string, latitude = 52.23) =>
      post(t.app, '/action/location/save', { action: { uuid }, location: { latitude, longitude: 21.01, accuracy: 12.5 } }, ewa.token);
    expect((await ping(action.uuid)).statusCode).toBe(200);
    const rows = await t.db.selectFrom('action_locations').selectAll().where('action_id', '=', action.uuid).execute();
    expect(rows).toMatchObject([{ latitude: 52.23, longitude: 21.01, accuracy: 12.5, created_at: t.clock.now().toISOString() }]);
    expect((await ping(notStarted.uuid)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await ping(action.uuid, 123)).statusCode).toBe(400);
  });

  it('a finished action cannot be started or finished again', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, action)).statusCode).toBe(200);
    expect((await checkOut(t.app, ewa.token, action)).statusCode).toBe(200);
    const again = await post(
      t.app,
      '/action/check-in',
      { actionPoint: { uuid: action.points[0] }, location: { latitude: null, longitude: null } },
      ewa.token,
    );
    expect(again.json().data.error).toBe('E_ACTION_ALREADY_CHECK_OUT');
    expect((await checkOut(t.app, ewa.token, action)).json().data.error).toBe('E_ACTION_ALREADY_CHECK_OUT');
  });

  it('a cancelled, a future or a not-started action refuses the wrong transition', async () => {
    const ewa = await buildSignedInPromoter(t);
    const cancelled = await buildAction(t, ewa, { global: 'hst_cancelled' });
    const future = await buildAction(t, ewa, { since: wallTime(t, 1, '10:00') });
    const open = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, cancelled)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await checkIn(t.app, ewa.token, future)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await checkOut(t.app, ewa.token, open)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await post(t.app, '/action/cancel', { actionPoint: { uuid: cancelled.points[0] } }, ewa.token)).json().data.error).toBe(
      'E_WRONG_ACTION_STATUS',
    );
  });

  it('an action point of another action is E_ACTION_POINT_NOT_FOUND', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    const other = await buildAction(t, ewa, { since: wallTime(t, 1, '10:00') });
    const res = await checkIn(t.app, ewa.token, action, { actionPoint: { uuid: other.points[0] } });
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error).toBe('E_ACTION_POINT_NOT_FOUND');
  });

  it('a check-in without a position sends nulls and still starts', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    const res = await checkIn(t.app, ewa.token, action, { location: { latitude: null, longitude: null } });
    expect(res.statusCode).toBe(200);
    const [event] = await t.db.selectFrom('action_status_events').selectAll().where('action_id', '=', action.uuid).execute();
    expect(event).toMatchObject({ latitude: null, longitude: null });
  });

  it('the cash terminal number follows the §5 rules', async () => {
    const ewa = await buildSignedInPromoter(t);
    const res = await checkIn(t.app, ewa.token, await buildAction(t, ewa), { cashTerminal: { id: 'A1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.details).toEqual([{ path: 'body.cashTerminal.id', message: 'Wprowadź co najmniej 3 znaki.' }]);
  });

  it('cancelling her participation removes the action from her list', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa, { since: wallTime(t, 1, '10:00') });
    const res = await post(t.app, '/action/cancel', { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0] } }, ewa.token);
    expect(res.statusCode).toBe(200);
    expect(await listCurrent(t.app, ewa.token, startOfToday())).toEqual([]);
    const again = await post(t.app, '/action/cancel', { actionPoint: { uuid: action.points[0] } }, ewa.token);
    expect(again.json().data.error).toBe('E_ACTION_POINT_NOT_FOUND');
  });

  it('a started action cannot be cancelled', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa, { status: 'started' });
    const res = await post(t.app, '/action/cancel', { actionPoint: { uuid: action.points[0] } }, ewa.token);
    expect(res.json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('a retried check-out with the same Idempotency-Key is applied once', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa, { status: 'started' });
    const first = await checkOut(t.app, ewa.token, action, { 'idempotency-key': 'out-1' });
    const retry = await checkOut(t.app, ewa.token, action, { 'idempotency-key': 'out-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    const outs = await t.db
      .selectFrom('action_status_events')
      .select('id')
      .where('action_id', '=', action.uuid)
      .where('kind', '=', 'check_out')
      .execute();
    expect(outs).toHaveLength(1);
  });

  it("another promoter's token gets 404 on every route for her action", async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    const point = { uuid: action.points[0] };
    const calls = [
      post(t.app, '/action/check-in', { actionPoint: point, location: { latitude: null, longitude: null } }, ola.token),
      post(t.app, '/action/check-out', { actionPoint: point }, ola.token),
      post(t.app, '/action/cancel', { actionPoint: point }, ola.token),
      post(
        t.app,
        '/action/location/save',
        { action: { uuid: action.uuid }, location: { latitude: 1, longitude: 1, accuracy: 1 } },
        ola.token,
      ),
      post(
        t.app,
        '/poll/answer',
        { action: { uuid: action.uuid }, poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: [] }] } },
        ola.token,
      ),
      post(t.app, '/action/file/list', { action: { uuid: action.uuid } }, ola.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(['E_ACTION_POINT_NOT_FOUND', 'E_ACTION_NOT_FOUND']).toContain(res.json().data.error);
    }
  });

  it('every action route needs a token', async () => {
    for (const url of [
      '/action/list',
      '/action/recent',
      '/action/check-in',
      '/action/check-out',
      '/action/cancel',
      '/action/location/save',
      '/poll/answer',
      '/action/file/list',
      '/action/file/serve',
    ]) {
      const res = await post(t.app, url, {});
      expect(res.statusCode, url).toBe(401);
    }
  });
});
