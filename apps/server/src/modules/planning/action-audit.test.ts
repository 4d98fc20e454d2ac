import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallDay } from '../../test/builders.ts';
import { buildEvents, buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32, item 13 (decision 109): an action's update and cancel record what changed, from → to; an
// update that changes nothing records nothing.

type Staff = BuiltStaff & { token: string };
type Point = {
  uuid?: string;
  name: string;
  streetAddress: string;
  postalCode: string | null;
  cityName: string;
  petraId: string | null;
  latitude: number | null;
  longitude: number | null;
};

describe.each(testDatabases)("an action's changes in the audit log (%s)", (dialect) => {
  let t: TestApp;
  let coordinator: Staff;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
    // Events are made on the Wydarzenia page, never by a plan (decision 123).
    await buildEvents(t, 'EV-AUDYT');
  });
  afterAll(() => t.close());

  const point = (n: number): Point => ({
    name: `Galeria ${n}`,
    streetAddress: `ul. Złota ${n}`,
    postalCode: '00-120',
    cityName: 'Warszawa',
    petraId: `PT-${n}`,
    latitude: 52.23,
    longitude: 21.0,
  });
  const call = async (path: string, body: unknown) => {
    const res = await post(t.app, `/admin/actions/${path}`, body, coordinator.token, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.action as { uuid: string; name: string; since: string; until: string; points: (Point & { uuid: string })[] };
  };
  const entries = async (actionId: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['verb', 'details'])
        .where('object_type', '=', 'action')
        .where('object_id', '=', actionId)
        .orderBy('seq')
        .execute()
    ).map((e) => ({ verb: e.verb, details: e.details === null ? null : JSON.parse(e.details) }));

  async function planned() {
    const day = wallDay(t, 2);
    const input = {
      event: { ident: 'EV-AUDYT' },
      // Each its own: one action per event, territory, times and name (decision 106).
      name: `Sampling ${randomUUID().slice(0, 8)}`,
      since: `${day} 10:00:00`,
      until: `${day} 18:00:00`,
      territory: { ident: 'WAW-CENTRUM' },
      points: [point(1), point(2)],
    };
    const action = await call('create', { action: input });
    const stored = action.points.map(({ uuid, name, streetAddress, postalCode, cityName, petraId, latitude, longitude }) => ({
      uuid,
      name,
      streetAddress,
      postalCode,
      cityName,
      petraId,
      latitude,
      longitude,
    }));
    return { action, input: { uuid: action.uuid, ...input, points: stored } };
  }

  it('an update records each field it changed, from and to, and the points as they were and became', async () => {
    const { action, input } = await planned();
    const [first, second] = input.points;
    const day = input.since.slice(0, 10);
    await call('update', {
      action: {
        ...input,
        name: `${input.name} wieczorny`,
        until: `${day} 20:00:00`,
        territory: { ident: 'WAW-POLUDNIE' },
        points: [{ ...first!, name: 'Galeria Nowa' }, point(3)],
      },
    });
    const [created, updated] = await entries(action.uuid);
    expect(created!.verb).toBe('actions.create');
    expect(updated!.verb).toBe('actions.update');
    expect(updated!.details).toEqual({
      name: { from: input.name, to: `${input.name} wieczorny` },
      territory: { from: 'WAW-CENTRUM', to: 'WAW-POLUDNIE' },
      until: { from: `${day} 18:00:00`, to: `${day} 20:00:00` },
      points: {
        from: [first, second],
        to: [
          { ...first, name: 'Galeria Nowa' },
          { ...point(3), uuid: null },
        ],
      },
    });
  });

  it('an update that changes nothing writes no entry', async () => {
    const { action, input } = await planned();
    const again = await call('update', { action: input });
    expect(again.name).toBe(input.name);
    expect((await entries(action.uuid)).map((e) => e.verb)).toEqual(['actions.create']);
  });

  it('a cancel records the status it ended, and a second cancel records nothing', async () => {
    const { action } = await planned();
    await call('cancel', { action: { uuid: action.uuid } });
    await call('cancel', { action: { uuid: action.uuid } });
    expect(await entries(action.uuid)).toEqual([
      { verb: 'actions.create', details: null },
      { verb: 'actions.cancel', details: { status: { from: 'accepted', to: 'hst_cancelled' } } },
    ]);
  });
});
