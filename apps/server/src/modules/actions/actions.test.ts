import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNA, PIOTR, createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildPromoterWithDay, findAction, listCurrent, type ListedAction } from '../../test/builders.ts';
import { wallDate } from '../../lib/time.ts';

describe.each(testDatabases)('field actions (%s)', (dialect) => {
  let t: TestApp;
  let anna: string;
  let piotr: string;
  let today: string;
  const startOfToday = () => `${today} 00:00:00`;
  const act = (name: string) => findAction(t.app, anna, startOfToday(), name);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    anna = await loginAs(t.app, ANNA);
    piotr = await loginAs(t.app, PIOTR);
    today = wallDate(t.clock.now(), t.config.timezone);
  });
  afterAll(() => t.close());

  const checkIn = (a: ListedAction, token = anna, extra: object = {}) =>
    post(t.app, '/action/check-in', {
      action: { uuid: a.uuid },
      actionPoint: { uuid: a.actionPoints[0]!.uuid },
      location: { latitude: 52.2297, longitude: 21.0122 },
      cashTerminal: { id: 'K12' },
      ...extra,
    }, token);
  const checkOut = (a: ListedAction, token = anna) =>
    post(t.app, '/action/check-out', { action: { uuid: a.uuid }, actionPoint: { uuid: (a.status.user.actionPoint ?? a.actionPoints[0]!).uuid } }, token);

  it('the current list shows her open, started, cancelled and upcoming actions with their points, not finished ones', async () => {
    const actions = await listCurrent(t.app, anna, startOfToday());
    const names = actions.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining([
      'Degustacja glo — Żabka Marszałkowska',
      'Promocja velo i vuse — Carrefour Arkadia',
      'Pokaz glo — punkt do ustalenia',
      'Degustacja glo — Lidl Mokotów',
      'Pokaz vuse — Relay Dworzec Centralny',
      'Degustacja velo — Kiosk Nowy Świat',
    ]));
    expect(actions).toHaveLength(6);
    expect(actions.every((a) => a.status.user.status !== 'finished')).toBe(true);
    expect([...actions].map((a) => a.since.date)).toEqual([...actions].map((a) => a.since.date).sort());
    const arkadia = actions.find((a) => a.name.includes('Arkadia'))!;
    expect(arkadia.actionPoints).toHaveLength(2);
    expect(arkadia).toMatchObject({
      since: { date: `${today} 08:00:00` },
      event: { ident: 'EV-2026-SAMPLING' },
      status: { user: { status: null, actionPoint: null, lastStatusCreated: null }, global: { ident: 'accepted' } },
      actionPoints: [{ name: 'Carrefour Arkadia', address: { streetAddress: 'al. Jana Pawła II 82', postalCode: '00-175', cityName: 'Warszawa' }, point: { petraId: 'P-10877' } }, { name: 'Kiosk Arkadia, poziom 0' }],
    });
    expect(actions.find((a) => a.name.includes('Relay'))!.status.global.ident).toBe('hst_cancelled');
    expect(actions.find((a) => a.name.includes('Kiosk Nowy'))!.status.user.status).toBe('started');
  });

  it('another promoter never sees her actions', async () => {
    const piotrs = await listCurrent(t.app, piotr, startOfToday());
    expect(piotrs.map((a) => a.name)).toEqual(['Promocja velo — Stokrotka Galeria Krakowska', 'Degustacja glo — Stokrotka Galeria Krakowska']);
  });

  it('the history lists her finished actions, newest first, page by page', async () => {
    const body = (limit: number, offset: number) => ({
      actions: { since: '2020-01-01 00:00:00', until: `${today} 23:59:59`, finished: true },
      pagination: { limit, offset },
    });
    const all = (await post(t.app, '/action/list', body(100, 0), anna)).json().data.actions as ListedAction[];
    expect(all).toHaveLength(8);
    expect(all.every((a) => a.status.user.status === 'finished')).toBe(true);
    expect(all.map((a) => a.since.date)).toEqual(all.map((a) => a.since.date).sort().reverse());
    const second = (await post(t.app, '/action/list', body(5, 5), anna)).json().data.actions as ListedAction[];
    expect(second.map((a) => a.uuid)).toEqual(all.slice(5, 10).map((a) => a.uuid));
  });

  it('recent gives the started action as current and the last finished one', async () => {
    const res = await post(t.app, '/action/recent', undefined, anna);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.action.current.name).toBe('Degustacja velo — Kiosk Nowy Świat');
    expect(res.json().data.action.last.status.user.status).toBe('finished');
  });

  /** A promoter of her own with a fresh day (none started), so that tests changing state stand alone. */
  const freshPromoter = async () => {
    const { token } = await buildPromoterWithDay(t);
    return { token, act: (name: string) => findAction(t.app, token, startOfToday(), name) };
  };

  it('she cannot start a second action while one is started', async () => {
    const ewa = await freshPromoter();
    expect((await checkIn(await ewa.act('Żabka'), ewa.token)).statusCode).toBe(200);
    const res = await checkIn(await ewa.act('Arkadia'), ewa.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('finishing the started action moves it to the history and to recent.last', async () => {
    const ewa = await freshPromoter();
    expect((await checkIn(await ewa.act('Żabka'), ewa.token)).statusCode).toBe(200);
    const zabka = await ewa.act('Żabka');
    const res = await checkOut(zabka, ewa.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.action.status.user.status).toBe('finished');
    expect((await listCurrent(t.app, ewa.token, startOfToday())).some((a) => a.uuid === zabka.uuid)).toBe(false);
    const recent = (await post(t.app, '/action/recent', undefined, ewa.token)).json().data.action;
    expect(recent.current).toBeNull();
    expect(recent.last.uuid).toBe(zabka.uuid);
  });

  it('a check-in starts the action at the chosen point and records position, cash terminal and time', async () => {
    const ewa = await freshPromoter();
    const arkadia = await ewa.act('Arkadia');
    const kioskPoint = arkadia.actionPoints[1]!;
    const res = await checkIn(arkadia, ewa.token, { actionPoint: { uuid: kioskPoint.uuid } });
    expect(res.statusCode).toBe(200);
    const action = res.json().data.action;
    expect(action.status.user.status).toBe('started');
    expect(action.status.user.actionPoint).toEqual({ uuid: kioskPoint.uuid });
    expect(action.status.user.lastStatusCreated.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const events = await t.db.selectFrom('action_status_events').selectAll().where('action_id', '=', arkadia.uuid).execute();
    expect(events).toMatchObject([{ kind: 'check_in', latitude: 52.2297, longitude: 21.0122, cash_terminal_id: 'K12', action_point_id: kioskPoint.uuid }]);
    expect((await checkIn(arkadia, ewa.token)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('location pings are stored with server time, only for the started action', async () => {
    const ewa = await freshPromoter();
    const arkadia = await ewa.act('Arkadia');
    expect((await checkIn(arkadia, ewa.token)).statusCode).toBe(200);
    const ping = (a: ListedAction) =>
      post(t.app, '/action/location/save', { action: { uuid: a.uuid }, location: { latitude: 52.23, longitude: 21.01, accuracy: 12.5 } }, ewa.token);
    expect((await ping(arkadia)).statusCode).toBe(200);
    const rows = await t.db.selectFrom('action_locations').selectAll().where('action_id', '=', arkadia.uuid).execute();
    expect(rows).toMatchObject([{ latitude: 52.23, longitude: 21.01, accuracy: 12.5, created_at: t.clock.now().toISOString() }]);
    expect((await ping(await ewa.act('Lidl'))).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    const bad = await post(t.app, '/action/location/save', { action: { uuid: arkadia.uuid }, location: { latitude: 123, longitude: 21, accuracy: 5 } }, ewa.token);
    expect(bad.statusCode).toBe(400);
  });

  it('a finished action cannot be started or finished again', async () => {
    const ewa = await freshPromoter();
    expect((await checkIn(await ewa.act('Arkadia'), ewa.token)).statusCode).toBe(200);
    const arkadia = await ewa.act('Arkadia');
    expect((await checkOut(arkadia, ewa.token)).statusCode).toBe(200);
    const history = await post(t.app, '/action/list', { actions: { since: '2020-01-01 00:00:00', finished: true }, pagination: { limit: 100, offset: 0 } }, ewa.token);
    const finished = (history.json().data.actions as ListedAction[]).find((a) => a.uuid === arkadia.uuid)!;
    const again = await post(t.app, '/action/check-in', { actionPoint: { uuid: finished.actionPoints[0]!.uuid }, location: { latitude: null, longitude: null } }, ewa.token);
    expect(again.json().data.error).toBe('E_ACTION_ALREADY_CHECK_OUT');
    expect((await checkOut(finished, ewa.token)).json().data.error).toBe('E_ACTION_ALREADY_CHECK_OUT');
  });

  it('a cancelled, a future or a not-started action refuses the wrong transition', async () => {
    const ewa = await freshPromoter();
    expect((await checkIn(await ewa.act('Relay'), ewa.token)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await checkIn(await ewa.act('Lidl'), ewa.token)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await checkOut(await ewa.act('Żabka'), ewa.token)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    const relay = await ewa.act('Relay');
    expect((await post(t.app, '/action/cancel', { actionPoint: { uuid: relay.actionPoints[0]!.uuid } }, ewa.token)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('an action point of another action is E_ACTION_POINT_NOT_FOUND', async () => {
    const zabka = await act('Żabka');
    const lidl = await act('Lidl');
    const res = await checkIn(zabka, anna, { actionPoint: { uuid: lidl.actionPoints[0]!.uuid } });
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error).toBe('E_ACTION_POINT_NOT_FOUND');
  });

  it('a check-in without a position sends nulls and still starts', async () => {
    const ewa = await freshPromoter();
    const zabka = await ewa.act('Żabka');
    const res = await checkIn(zabka, ewa.token, { location: { latitude: null, longitude: null } });
    expect(res.statusCode).toBe(200);
    const [event] = await t.db.selectFrom('action_status_events').selectAll().where('action_id', '=', zabka.uuid).execute();
    expect(event).toMatchObject({ latitude: null, longitude: null });
  });

  it('the cash terminal number follows the §5 rules', async () => {
    const lidl = await act('Lidl');
    const res = await checkIn(lidl, anna, { cashTerminal: { id: 'A1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.details).toEqual([{ path: 'body.cashTerminal.id', message: 'Wprowadź co najmniej 3 znaki.' }]);
  });

  it('cancelling her participation removes the action from her list', async () => {
    const ewa = await freshPromoter();
    const lidl = await ewa.act('Lidl');
    const res = await post(t.app, '/action/cancel', { action: { uuid: lidl.uuid }, actionPoint: { uuid: lidl.actionPoints[0]!.uuid } }, ewa.token);
    expect(res.statusCode).toBe(200);
    expect((await listCurrent(t.app, ewa.token, startOfToday())).some((a) => a.uuid === lidl.uuid)).toBe(false);
    const again = await post(t.app, '/action/cancel', { actionPoint: { uuid: lidl.actionPoints[0]!.uuid } }, ewa.token);
    expect(again.json().data.error).toBe('E_ACTION_POINT_NOT_FOUND');
  });

  it('a started action cannot be cancelled', async () => {
    const ewa = await freshPromoter();
    const zabka = await ewa.act('Żabka');
    expect((await checkIn(zabka, ewa.token)).statusCode).toBe(200);
    const res = await post(t.app, '/action/cancel', { actionPoint: { uuid: zabka.actionPoints[0]!.uuid } }, ewa.token);
    expect(res.json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('a retried check-out with the same Idempotency-Key is applied once', async () => {
    const ewa = await freshPromoter();
    const zabka = await ewa.act('Żabka');
    expect((await checkIn(zabka, ewa.token)).statusCode).toBe(200);
    const body = { actionPoint: { uuid: zabka.actionPoints[0]!.uuid } };
    const first = await post(t.app, '/action/check-out', body, ewa.token, { 'idempotency-key': 'out-zabka' });
    const retry = await post(t.app, '/action/check-out', body, ewa.token, { 'idempotency-key': 'out-zabka' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    const outs = await t.db.selectFrom('action_status_events').select('id').where('action_id', '=', zabka.uuid).where('kind', '=', 'check_out').execute();
    expect(outs).toHaveLength(1);
  });

  it("another promoter's token gets 404 on every route for her action", async () => {
    const open = await act('Pokaz glo');
    const point = { uuid: (await act('Żabka')).actionPoints[0]!.uuid };
    const calls = [
      post(t.app, '/action/check-in', { actionPoint: point, location: { latitude: null, longitude: null } }, piotr),
      post(t.app, '/action/check-out', { actionPoint: point }, piotr),
      post(t.app, '/action/cancel', { actionPoint: point }, piotr),
      post(t.app, '/action/location/save', { action: { uuid: open.uuid }, location: { latitude: 1, longitude: 1, accuracy: 1 } }, piotr),
      post(t.app, '/poll/answer', { action: { uuid: open.uuid }, poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: [] }] } }, piotr),
      post(t.app, '/action/file/list', { action: { uuid: open.uuid } }, piotr),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(['E_ACTION_POINT_NOT_FOUND', 'E_ACTION_NOT_FOUND']).toContain(res.json().data.error);
    }
  });

  it('every action route needs a token', async () => {
    for (const url of ['/action/list', '/action/recent', '/action/check-in', '/action/check-out', '/action/cancel', '/action/location/save', '/poll/answer', '/action/file/list', '/action/file/serve']) {
      const res = await post(t.app, url, {});
      expect(res.statusCode, url).toBe(401);
    }
  });
});
