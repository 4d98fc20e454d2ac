import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminLiveResponse, LiveExceptionKind } from '@promotor/contract';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter, wallTime } from '../../test/builders.ts';
import { atWallHour, buildLiveAction, finish, live, north, onWholeSecond, ping, PKIN, startAt, wallAt } from '../../test/live.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The live day (issue 25, decision 091): today's actions in her territories with each promoter's last
// position and phone, and the exceptions at their thresholds.

const MINUTE = 60_000;

const actionIn = (answer: AdminLiveResponse, uuid: string) => answer.actions.find((a) => a.uuid === uuid);
const kindsFor = (answer: AdminLiveResponse, actionUuid: string): LiveExceptionKind[] =>
  answer.exceptions.filter((e) => e.action.uuid === actionUuid).map((e) => e.kind);
/** Of one action, the exceptions but the shift's (decision 116: her end minutes after her start is a short shift, tested on its own). */
const besidesShift = (answer: AdminLiveResponse, actionUuid: string) =>
  answer.exceptions.filter((e) => e.action.uuid === actionUuid && e.kind !== 'short_shift');

describe.each(testDatabases)('the live day (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await buildSignedInStaff(t, { roles: ['admin'] })).token;
  });
  afterAll(() => t.close());
  // Every test at noon wall time: an action minutes or hours ahead is today's whatever the hour the suite
  // runs (at 22:54 one '10 minutes ahead' began tomorrow after another test had moved the shared clock on).
  beforeEach(() => atWallHour(t, 12));

  /** A promoter of the territory, signed in. */
  const promoterOf = (territory: string, firstname = 'Anna') =>
    buildSignedInPromoter(t, { territories: [territory], firstname, lastname: 'Nowak' });

  it('shows a running promoter with her last position, its distance to the nearest point, her phone and when it was seen', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const anna = await promoterOf(waw);
    const action = await buildLiveAction(t, anna, { territory: waw, at: [null, PKIN, north(PKIN, 2_000)] });
    await startAt(t, anna.token, action, north(PKIN, 20));
    const startedWall = wallAt(t, 0);
    t.clock.advance(5 * MINUTE);
    await ping(t, anna.token, action, north(PKIN, 120), 15);
    const pingedAt = t.clock.now().toISOString();
    const oldest = new Date(t.clock.now().getTime() - 2 * MINUTE).toISOString();
    await post(t.app, '/auth/session', undefined, anna.token, { 'x-outbox': `2; ${oldest}` });
    await t.app.phoneReports.settled();

    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    const answer = await live(t, coordinator.token);
    expect(answer.at).toBe(t.clock.now().toISOString());
    expect(answer.map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' });
    // Files are not kept in a bucket here (BLOB_STORE=file): nothing can wait for one.
    expect(answer.pendingFiles).toBeNull();
    expect(answer.actions.map((a) => a.uuid)).toEqual([action.uuid]);
    const shown = answer.actions[0]!;
    expect(shown).toMatchObject({
      uuid: action.uuid,
      name: action.name,
      since: action.since,
      until: action.until,
      // She started it: the action is under way, not 'Zaplanowana' beside her 'W trakcie' (issue 33, decision 110).
      status: 'started',
      territory: { ident: waw, name: waw },
    });
    expect(shown.points.map((p) => [p.name, p.latitude, p.longitude])).toEqual([
      ['Punkt 1', null, null],
      ['Punkt 2', PKIN.latitude, PKIN.longitude],
      ['Punkt 3', north(PKIN, 2_000).latitude, PKIN.longitude],
    ]);
    expect(shown.promoters).toEqual([
      {
        uuid: anna.userId,
        ident: anna.ident,
        name: 'Anna Nowak',
        status: 'started',
        cancelled: false,
        startedAt: startedWall,
        lastPosition: { ...north(PKIN, 120), accuracy: 15, capturedAt: pingedAt },
        distanceMeters: 120,
        outbox: { count: 2, oldestAt: oldest },
        lastSeenAt: pingedAt,
      },
    ]);
    expect(answer.exceptions).toEqual([]);
  });

  it('shows a promoter who has not started, or whose phone never called, without position or phone', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const ewa = await promoterOf(waw, 'Ewa');
    const action = await buildLiveAction(t, ewa, { territory: waw, since: wallAt(t, 10 * MINUTE) });
    const [promoter] = actionIn(await live(t, admin, { territory: waw }), action.uuid)!.promoters;
    expect(promoter).toMatchObject({
      status: null,
      startedAt: null,
      lastPosition: null,
      distanceMeters: null,
      outbox: null,
      lastSeenAt: null,
    });
  });

  it('a coordinator sees her territories only; the admin every one, or the one she asks for', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const krk = await buildTerritory(t, 'KRK');
    const anna = await promoterOf(waw);
    const piotr = await promoterOf(krk, 'Piotr');
    const inWarsaw = await buildLiveAction(t, anna, { territory: waw });
    const inKrakow = await buildLiveAction(t, piotr, { territory: krk, at: [{ latitude: 50.0614, longitude: 19.9366 }] });
    await startAt(t, anna.token, inWarsaw, PKIN);
    await ping(t, anna.token, inWarsaw, PKIN);
    const warsaw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    const krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });

    const seenBy = async (token: string, body: object = {}) => (await live(t, token, body)).actions.map((a) => a.uuid);
    expect(await seenBy(warsaw.token)).toEqual([inWarsaw.uuid]);
    expect(await seenBy(krakow.token)).toEqual([inKrakow.uuid]);
    const krakowAnswer = await live(t, krakow.token);
    expect(JSON.stringify(krakowAnswer)).not.toContain(anna.userId);
    // Another territory asked for by name is an empty day, as in planning's list — not another's data.
    expect(await seenBy(krakow.token, { territory: waw })).toEqual([]);
    expect(await seenBy(krakow.token, { territory: 'NIE-MA' })).toEqual([]);
    expect(await seenBy(admin, { territory: krk })).toEqual([inKrakow.uuid]);
    expect(await seenBy(admin)).toEqual(expect.arrayContaining([inWarsaw.uuid, inKrakow.uuid]));
  });

  it('shows today only: not yesterday’s, not tomorrow’s, not a cancelled action unless someone still runs it', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const anna = await promoterOf(waw);
    const ola = await promoterOf(waw, 'Ola');
    const at = (o: object) => buildLiveAction(t, anna, { territory: waw, ...o });
    const yesterday = await at({ since: wallTime(t, -1, '08:00'), until: wallTime(t, -1, '20:00') });
    const tomorrow = await at({ since: wallTime(t, 1, '08:00'), until: wallTime(t, 1, '20:00') });
    const cancelled = await at({ global: 'hst_cancelled' });
    const stillRunning = await buildLiveAction(t, ola, { territory: waw });
    await startAt(t, ola.token, stillRunning, PKIN);
    await t.db.updateTable('actions').set({ global_status: 'hst_cancelled' }).where('id', '=', stillRunning.uuid).execute();
    const today = await at({});
    const shown = (await live(t, admin, { territory: waw })).actions.map((a) => a.uuid);
    expect(shown).toEqual(expect.arrayContaining([today.uuid, stillRunning.uuid]));
    expect(shown).not.toContain(yesterday.uuid);
    expect(shown).not.toContain(tomorrow.uuid);
    expect(shown).not.toContain(cancelled.uuid);
  });

  it('her last position is the newest she took: a late ping from her outbox keeps it, a clock running ahead counts at arrival', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const anna = await promoterOf(waw);
    const action = await buildLiveAction(t, anna, { territory: waw });
    await startAt(t, anna.token, action, PKIN);
    const pingTaken = async (position: typeof PKIN, capturedAt: string) => {
      const location = { ...position, accuracy: 10, capturedAt };
      const res = await post(t.app, '/action/location/save', { action: { uuid: action.uuid }, location }, anna.token);
      expect(res.statusCode).toBe(200);
    };
    const lastPosition = async () => actionIn(await live(t, admin, { territory: waw }), action.uuid)!.promoters[0]!.lastPosition;
    const minutesFromNow = (m: number) => new Date(t.clock.now().getTime() + m * MINUTE).toISOString();

    await pingTaken(north(PKIN, 100), minutesFromNow(0));
    t.clock.advance(5 * MINUTE);
    const newest = minutesFromNow(0);
    await pingTaken(north(PKIN, 200), newest);
    t.clock.advance(MINUTE);
    // Taken 3 minutes before the newest, sent now from her outbox: kept in the history, not on the map.
    // The offset form is read as the instant it names.
    const lateWithOffset = new Date(Date.parse(newest) - 3 * MINUTE + 2 * 60 * MINUTE).toISOString().replace('Z', '+02:00');
    await pingTaken(north(PKIN, 400), lateWithOffset);
    expect(await lastPosition()).toEqual({ ...north(PKIN, 200), accuracy: 10, capturedAt: newest });

    // A phone whose clock runs an hour ahead: its ping counts at its arrival, and a later one still follows it.
    await pingTaken(north(PKIN, 50), minutesFromNow(60));
    expect(await lastPosition()).toEqual({ ...north(PKIN, 50), accuracy: 10, capturedAt: minutesFromNow(0) });
    t.clock.advance(MINUTE);
    await pingTaken(north(PKIN, 70), minutesFromNow(0));
    expect(await lastPosition()).toEqual({ ...north(PKIN, 70), accuracy: 10, capturedAt: minutesFromNow(0) });

    const stored = await t.db.selectFrom('action_locations').select('id').where('action_id', '=', action.uuid).execute();
    expect(stored).toHaveLength(5);
  });

  it('sends the answer compressed when the browser accepts it', async () => {
    const waw = await buildTerritory(t, 'WAW');
    for (const name of ['Anna', 'Ola', 'Ewa']) await buildLiveAction(t, await promoterOf(waw, name), { territory: waw });
    const res = await post(t.app, '/admin/live', { territory: waw }, admin, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).data.actions).toHaveLength(3);
  });

  it('refuses a territory that is not text with E_VALIDATION', async () => {
    const res = await post(t.app, '/admin/live', { territory: 5 }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error).toBe('E_VALIDATION');
  });

  describe('exceptions at their thresholds', () => {
    // Each at noon of the app's wall time: their actions reach hours back and ahead, and read in the
    // evening (or after other tests moved the shared clock on) they began yesterday, which the live day
    // does not show.
    beforeEach(() => atWallHour(t, 12));
    it('not started: not at 14:59 after the planned start, at 15:00 yes; never for her who cancelled', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const ola = await promoterOf(waw, 'Ola');
      onWholeSecond(t);
      const since = wallAt(t, -(14 * MINUTE + 59_000));
      const action = await buildLiveAction(t, anna, { territory: waw, since });
      const cancelled = await buildLiveAction(t, ola, { territory: waw, since });
      expect((await post(t.app, '/action/cancel', { action: { uuid: cancelled.uuid } }, ola.token)).statusCode).toBe(200);
      expect(kindsFor(await live(t, admin, { territory: waw }), action.uuid)).toEqual([]);
      t.clock.advance(1_000);
      const answer = await live(t, admin, { territory: waw });
      expect(answer.exceptions.filter((e) => e.action.uuid === action.uuid)).toEqual([
        {
          kind: 'not_started',
          action: { uuid: action.uuid, name: action.name },
          promoter: { uuid: anna.userId, ident: anna.ident, name: 'Anna Nowak' },
          since: t.clock.now().toISOString(),
          distanceMeters: null,
          minutes: null,
          checked: null,
        },
      ]);
      expect(kindsFor(answer, cancelled.uuid)).toEqual([]);
      expect(actionIn(answer, cancelled.uuid)!.promoters[0]!.cancelled).toBe(true);
    });

    it('started far: 299 m from the nearest point is near, 301 m is far', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const near = await promoterOf(waw);
      const far = await promoterOf(waw, 'Ola');
      const points = [north(PKIN, -5_000), PKIN, null];
      const nearAction = await buildLiveAction(t, near, { territory: waw, at: points });
      const farAction = await buildLiveAction(t, far, { territory: waw, at: points });
      await startAt(t, near.token, nearAction, north(PKIN, 299));
      await startAt(t, far.token, farAction, north(PKIN, 301));
      const startedAt = t.clock.now().toISOString();
      const answer = await live(t, admin, { territory: waw });
      expect(kindsFor(answer, nearAction.uuid)).toEqual([]);
      expect(answer.exceptions.filter((e) => e.action.uuid === farAction.uuid)).toEqual([
        expect.objectContaining({ kind: 'started_far', since: startedAt, distanceMeters: 301 }),
      ]);
    });

    it('started far needs a point with coordinates and her position', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const ola = await promoterOf(waw, 'Ola');
      const noCoordinates = await buildLiveAction(t, anna, { territory: waw, at: [null] });
      const noPosition = await buildLiveAction(t, ola, { territory: waw });
      await startAt(t, anna.token, noCoordinates, north(PKIN, 5_000));
      await startAt(t, ola.token, noPosition, null);
      const answer = await live(t, admin, { territory: waw });
      expect(kindsFor(answer, noCoordinates.uuid)).toEqual([]);
      expect(kindsFor(answer, noPosition.uuid)).toEqual([]);
    });

    it('no position: a running promoter 19:59 after her last ping is fine, at 20:00 she is missing', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const action = await buildLiveAction(t, anna, { territory: waw });
      await startAt(t, anna.token, action, PKIN);
      t.clock.advance(7 * MINUTE);
      await ping(t, anna.token, action, PKIN);
      const pinged = t.clock.now().getTime();
      t.clock.advance(20 * MINUTE - 1);
      expect(kindsFor(await live(t, admin, { territory: waw }), action.uuid)).toEqual([]);
      t.clock.advance(1);
      const answer = await live(t, admin, { territory: waw });
      expect(answer.exceptions.filter((e) => e.action.uuid === action.uuid)).toEqual([
        expect.objectContaining({ kind: 'no_position', since: new Date(pinged + 20 * MINUTE).toISOString() }),
      ]);
    });

    it('no position counts from her start when no ping came; a finished promoter is not missing', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const ola = await promoterOf(waw, 'Ola');
      const running = await buildLiveAction(t, anna, { territory: waw });
      const finished = await buildLiveAction(t, ola, { territory: waw });
      await startAt(t, anna.token, running, null);
      const started = t.clock.now().getTime();
      await startAt(t, ola.token, finished, PKIN);
      await finish(t, ola.token, finished, { endPhotos: true });
      t.clock.advance(20 * MINUTE);
      const answer = await live(t, admin, { territory: waw });
      expect(answer.exceptions.filter((e) => e.action.uuid === running.uuid)).toEqual([
        expect.objectContaining({ kind: 'no_position', since: new Date(started + 20 * MINUTE).toISOString() }),
      ]);
      expect(besidesShift(answer, finished.uuid)).toEqual([]);
    });

    it('finished without the end photos; with them, nothing', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const ola = await promoterOf(waw, 'Ola');
      const without = await buildLiveAction(t, anna, { territory: waw });
      const withPhotos = await buildLiveAction(t, ola, { territory: waw });
      await startAt(t, anna.token, without, PKIN);
      await startAt(t, ola.token, withPhotos, PKIN);
      onWholeSecond(t);
      await finish(t, anna.token, without, { endPhotos: false });
      await finish(t, ola.token, withPhotos, { endPhotos: true });
      const answer = await live(t, admin, { territory: waw });
      expect(besidesShift(answer, without.uuid)).toEqual([
        expect.objectContaining({ kind: 'finished_without_end_photos', since: t.clock.now().toISOString() }),
      ]);
      expect(actionIn(answer, without.uuid)!.promoters[0]!.status).toBe('finished');
      expect(besidesShift(answer, withPhotos.uuid)).toEqual([]);
    });

    it('data on the phone: the oldest item 9:59 old is fine, at 10:00 it is reported, once, with her running action', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const earlier = await buildLiveAction(t, anna, { territory: waw, since: wallAt(t, -2 * 3_600_000) });
      const running = await buildLiveAction(t, anna, { territory: waw });
      await startAt(t, anna.token, running, PKIN);
      const oldest = t.clock.now().getTime() - 9 * MINUTE - 59_000;
      await post(t.app, '/auth/session', undefined, anna.token, { 'x-outbox': `3; ${new Date(oldest).toISOString()}` });
      await t.app.phoneReports.settled();
      const phoneKinds = async () =>
        (await live(t, admin, { territory: waw })).exceptions.filter((e) => e.kind === 'data_on_phone' && e.promoter.uuid === anna.userId);
      expect(await phoneKinds()).toEqual([]);
      t.clock.advance(1_000);
      expect(await phoneKinds()).toEqual([
        expect.objectContaining({
          action: { uuid: running.uuid, name: running.name },
          since: new Date(oldest + 10 * MINUTE).toISOString(),
        }),
      ]);
      expect(earlier.uuid).not.toBe(running.uuid);
    });

    // Decision 116: her shift against the plan, the live day's and the report panel's.
    it('still running after the planned end: not at 29:59 past it, at 30:00 yes, with the minutes so far', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      onWholeSecond(t);
      const action = await buildLiveAction(t, anna, {
        territory: waw,
        since: wallAt(t, -8 * 60 * MINUTE),
        until: wallAt(t, -(29 * MINUTE + 59_000)),
      });
      await startAt(t, anna.token, action, PKIN);
      await ping(t, anna.token, action, PKIN);
      expect(kindsFor(await live(t, admin, { territory: waw }), action.uuid)).toEqual([]);
      t.clock.advance(1_000);
      const answer = await live(t, admin, { territory: waw });
      expect(answer.exceptions.filter((e) => e.action.uuid === action.uuid)).toEqual([
        expect.objectContaining({ kind: 'past_planned_end', since: t.clock.now().toISOString(), minutes: 30 }),
      ]);
      expect(actionIn(answer, action.uuid)!.promoters[0]!.status).toBe('started');
    });

    it('a start an hour before the plan is early; a shift ended after a quarter of the plan is short', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const ola = await promoterOf(waw, 'Ola');
      // At 08:00 her action from 09:00 to 17:00 is today's, whenever the test runs.
      atWallHour(t, 8);
      const early = await buildLiveAction(t, anna, { territory: waw, since: wallAt(t, 60 * MINUTE), until: wallAt(t, 9 * 60 * MINUTE) });
      const short = await buildLiveAction(t, ola, { territory: waw, since: wallAt(t, 0), until: wallAt(t, 4 * 60 * MINUTE) });
      await startAt(t, anna.token, early, PKIN);
      const startedEarly = t.clock.now().toISOString();
      await startAt(t, ola.token, short, PKIN);
      t.clock.advance(60 * MINUTE);
      await ping(t, anna.token, early, PKIN);
      await finish(t, ola.token, short, { endPhotos: true });
      const answer = await live(t, admin, { territory: waw });
      expect(answer.exceptions.filter((e) => e.action.uuid === early.uuid)).toEqual([
        expect.objectContaining({ kind: 'started_early', since: startedEarly, minutes: 60 }),
      ]);
      expect(answer.exceptions.filter((e) => e.action.uuid === short.uuid)).toEqual([
        expect.objectContaining({ kind: 'short_shift', since: t.clock.now().toISOString(), minutes: 60 }),
      ]);
    });

    it('nothing on the phone is no exception, however long ago she reported it', async () => {
      const waw = await buildTerritory(t, 'WAW');
      const anna = await promoterOf(waw);
      const action = await buildLiveAction(t, anna, { territory: waw, since: wallAt(t, 10 * MINUTE) });
      await post(t.app, '/auth/session', undefined, anna.token, { 'x-outbox': '0' });
      await t.app.phoneReports.settled();
      t.clock.advance(3 * 3_600_000);
      const answer = await live(t, admin, { territory: waw });
      expect(kindsFor(answer, action.uuid)).toEqual(['not_started']);
      expect(actionIn(answer, action.uuid)!.promoters[0]!.outbox).toEqual({ count: 0, oldestAt: null });
    });
  });
});

describe.each(testDatabases)('the live day’s settings (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { MAP_TILE_URL: '', MAP_ATTRIBUTION: 'Mapa: test', LIVE_FAR_METERS: '50', LIVE_NOT_STARTED_MINUTES: '5' },
    });
  });
  afterAll(() => t.close());

  it('answers no tiles without MAP_TILE_URL, and judges by the configured thresholds', async () => {
    const waw = await buildTerritory(t, 'WAW');
    const admin = await buildSignedInStaff(t);
    const anna = await buildSignedInPromoter(t, { territories: [waw] });
    const ola = await buildSignedInPromoter(t, { territories: [waw] });
    const started = await buildLiveAction(t, anna, { territory: waw });
    const late = await buildLiveAction(t, ola, { territory: waw, since: wallAt(t, -5 * MINUTE) });
    await startAt(t, anna.token, started, north(PKIN, 51));
    const answer = await live(t, admin.token);
    expect(answer.map).toEqual({ tileUrl: null, attribution: 'Mapa: test' });
    expect(kindsFor(answer, started.uuid)).toEqual(['started_far']);
    expect(kindsFor(answer, late.uuid)).toEqual(['not_started']);
  });
});
