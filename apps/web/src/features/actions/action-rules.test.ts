import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatActionTime, formatAddress, formatDay, formatPointChoice } from './action-format.ts';
import {
  canCancel,
  checkOutPoint,
  findCurrentAction,
  isStartable,
  runningAction,
  showsStartStopButton,
  showsStartStopLink,
  startPoint,
  startRefusal,
  startStep,
  startStopPath,
} from './action-rules.ts';
import { currentListBody } from './api/actions.api.ts';
import { buildAction, buildActionPoint } from './test/build-action.ts';

const today = new Date(2026, 2, 5, 12, 0); // 5 March 2026, local time

describe('the start/stop link of the actions list (spec §2)', () => {
  it('shows for an action starting today with a point', () => {
    expect(showsStartStopLink(buildAction({ since: '2026-03-05 08:00:00' }), today)).toBe(true);
  });

  it('shows for an action that started on an earlier day', () => {
    expect(showsStartStopLink(buildAction({ since: '2026-03-04 20:00:00', until: '2026-03-05 04:00:00' }), today)).toBe(true);
  });

  it('is hidden for an action starting tomorrow', () => {
    expect(showsStartStopLink(buildAction({ since: '2026-03-06 00:00:00' }), today)).toBe(false);
  });

  it('is hidden for an action without points, unless she has already started it', () => {
    expect(showsStartStopLink(buildAction({ points: [] }), today)).toBe(false);
    expect(showsStartStopLink(buildAction({ points: [], status: 'started' }), today)).toBe(true);
  });

  it('is hidden for an action the organiser cancelled', () => {
    expect(showsStartStopLink(buildAction({ global: 'hst_cancelled' }), today)).toBe(false);
  });

  it('leads to the finish form when started, else to the start form', () => {
    expect(startStopPath(buildAction({ uuid: 'a1', status: 'started' }))).toBe('/akcja/koniec/a1');
    expect(startStopPath(buildAction({ uuid: 'a1' }))).toBe('/akcja/start/a1');
  });
});

describe('the detail buttons (spec §2 Action detail)', () => {
  it("'Rozpocznij'/'Zakończ' show unless cancelled, when started or starting today or earlier", () => {
    expect(showsStartStopButton(buildAction(), today)).toBe(true);
    expect(showsStartStopButton(buildAction({ since: '2026-03-06 08:00:00' }), today)).toBe(false);
    expect(showsStartStopButton(buildAction({ since: '2026-03-06 08:00:00', status: 'started' }), today)).toBe(true);
    expect(showsStartStopButton(buildAction({ global: 'hst_cancelled' }), today)).toBe(false);
  });

  it("'Odwołać' only before she has started and not on a cancelled action", () => {
    expect(canCancel(buildAction())).toBe(true);
    expect(canCancel(buildAction({ status: 'started' }))).toBe(false);
    expect(canCancel(buildAction({ global: 'hst_cancelled' }))).toBe(false);
  });

  it('a check-out names the point she checked in at, else the first one', () => {
    const first = buildActionPoint({ uuid: 'p1' });
    const second = buildActionPoint({ uuid: 'p2' });
    expect(checkOutPoint(buildAction({ points: [first, second], status: 'started', checkedInAt: 'p2' }))).toBe('p2');
    expect(checkOutPoint(buildAction({ points: [first, second], status: 'started' }))).toBe('p1');
  });

  it('the current action is the one she has started', () => {
    const started = buildAction({ status: 'started' });
    expect(findCurrentAction([buildAction(), started])).toBe(started);
    expect(findCurrentAction([buildAction()])).toBeNull();
  });
});

describe("the start form is offered only where the server's check-in would be taken (spec §4)", () => {
  it('an accepted action from its first day on, not before', () => {
    expect(isStartable(buildAction(), today)).toBe(true);
    expect(isStartable(buildAction({ since: '2026-03-06 08:00:00' }), today)).toBe(false);
  });

  it('not one she started or finished, nor one the organiser cancelled or finished', () => {
    for (const status of ['started', 'finished'] as const) expect(isStartable(buildAction({ status }), today)).toBe(false);
    for (const global of ['hst_cancelled', 'finished'] as const) expect(isStartable(buildAction({ global }), today)).toBe(false);
  });
});

describe('one running action: another start is refused before the form (decision 046)', () => {
  const running = buildAction({ uuid: 'run', name: 'Degustacja velo', status: 'started' });
  const next = buildAction({ uuid: 'next' });

  it('her started action runs; so does one whose check-in waits in the outbox', () => {
    expect(runningAction([next, running], [])).toBe(running);
    expect(runningAction([next], [])).toBeNull();
    expect(runningAction([next], [{ actionUuid: 'next', label: 'check-in' }])).toBe(next);
  });

  it('a waiting check-out or cancel ends it, in the order she made them', () => {
    expect(runningAction([running], [{ actionUuid: 'run', label: 'check-out' }])).toBeNull();
    expect(
      runningAction(
        [next],
        [
          { actionUuid: 'next', label: 'check-in' },
          { actionUuid: 'next', label: 'cancel' },
        ],
      ),
    ).toBeNull();
    expect(
      runningAction(
        [running, next],
        [
          { actionUuid: 'run', label: 'check-out' },
          { actionUuid: 'next', label: 'check-in' },
        ],
      ),
    ).toBe(next);
    expect(
      runningAction(
        [running],
        [
          { actionUuid: 'run', label: 'poll' },
          { actionUuid: 'run', label: 'photos' },
        ],
      ),
    ).toBe(running);
  });

  it('another running action refuses the start, naming it', () => {
    expect(startRefusal(next, running, false)).toEqual({ reason: 'other-running', running });
    expect(startStep(next, running, false)).toEqual({ kind: 'refused', refusal: { reason: 'other-running', running } });
    expect(startRefusal(next, null, false)).toBeNull();
  });

  it('the running action itself may be finished', () => {
    expect(startRefusal(running, running, false)).toBeNull();
    expect(startStep(running, running, false)).toEqual({ kind: 'open', path: '/akcja/koniec/run' });
  });
});

describe('a start that cannot go on says why (decision 047)', () => {
  it('an action without a point cannot be started', () => {
    expect(startRefusal(buildAction({ points: [] }), null, false)).toEqual({ reason: 'no-point' });
  });

  it('an action whose earlier change waits in the outbox can be neither started nor finished yet', () => {
    expect(startRefusal(buildAction(), null, true)).toEqual({ reason: 'waiting' });
    expect(startRefusal(buildAction({ status: 'started' }), null, true)).toEqual({ reason: 'waiting' });
  });
});

describe('the point of a start: one way from the list and from the detail (decision 048)', () => {
  const first = buildActionPoint({ uuid: 'p1' });
  const second = buildActionPoint({ uuid: 'p2' });

  it('an action with one point opens its start form', () => {
    expect(startStep(buildAction({ uuid: 'a1', points: [first] }), null, false)).toEqual({ kind: 'open', path: '/akcja/start/a1' });
  });

  it('an action with two points asks where first', () => {
    expect(startStep(buildAction({ points: [first, second] }), null, false)).toEqual({ kind: 'choose-point' });
  });

  it('the form checks in at the point chosen before it, else the only point, else asks', () => {
    expect(startPoint(buildAction({ points: [first, second] }), 'p2')).toBe(second);
    expect(startPoint(buildAction({ points: [first, second] }), null)).toBeNull();
    expect(startPoint(buildAction({ points: [first, second] }), 'not-its-point')).toBeNull();
    expect(startPoint(buildAction({ points: [first] }), null)).toBe(first);
    expect(startPoint(buildAction({ points: [first] }), 'p2')).toBe(first);
  });
});

describe('dates and places as the list and the detail show them', () => {
  it('shows the day as D-M-Y and the times as HH:mm–HH:mm', () => {
    expect(formatDay('2026-03-05 08:00:00')).toBe('5-3-2026');
    expect(formatDay('2026-11-25 08:00:00')).toBe('25-11-2026');
    expect(formatActionTime(buildAction({ since: '2026-03-05 08:00:00', until: '2026-03-05 22:30:00' }))).toEqual({
      day: '5-3-2026',
      hours: '08:00–22:30',
    });
  });

  it('an action over midnight shows the end day too', () => {
    expect(formatActionTime(buildAction({ since: '2026-03-05 20:00:00', until: '2026-03-06 04:00:00' })).hours).toBe(
      '20:00–6-3-2026 04:00',
    );
  });

  it('the address leaves out a missing postal code', () => {
    const point = buildActionPoint({ address: { streetAddress: 'al. Jerozolimskie 54', postalCode: null, cityName: 'Warszawa' } });
    expect(formatAddress(point)).toBe('al. Jerozolimskie 54, Warszawa');
    expect(formatAddress(buildActionPoint())).toBe('ul. Marszałkowska 104, 00-017 Warszawa');
  });

  it('the location chooser shows ID, name, street, postal code and city', () => {
    expect(formatPointChoice(buildActionPoint())).toBe('P-10231 Żabka Marszałkowska, ul. Marszałkowska 104, 00-017 Warszawa');
  });
});

describe("today is the server's day (APP_TIMEZONE), not the phone's", () => {
  afterEach(() => vi.unstubAllEnvs());
  // 23:30 UTC on 5 March: a phone set to UTC still says 5 March, Warsaw is already at 00:30 on 6 March.
  const nearMidnight = new Date('2026-03-05T23:30:00Z');

  it("an action starting on 6 March may be started at 00:30 Warsaw time, whatever the phone's zone", () => {
    const sixthOfMarch = buildAction({ since: '2026-03-06 08:00:00', until: '2026-03-06 20:00:00' });
    expect(showsStartStopLink(sixthOfMarch, nearMidnight)).toBe(true);
    expect(showsStartStopButton(sixthOfMarch, nearMidnight)).toBe(true);
    expect(currentListBody(nearMidnight).actions.since).toBe('2026-03-06 00:00:00');
  });

  it('follows VITE_APP_TIMEZONE', () => {
    vi.stubEnv('VITE_APP_TIMEZONE', 'America/New_York');
    expect(currentListBody(nearMidnight).actions.since).toBe('2026-03-05 00:00:00');
    expect(showsStartStopLink(buildAction({ since: '2026-03-06 08:00:00' }), nearMidnight)).toBe(false);
  });
});

describe('/action/list current use (spec §9)', () => {
  it('asks since the start of today for started and accepted actions, 200 at most', () => {
    expect(currentListBody(today)).toEqual({
      actions: { since: '2026-03-05 00:00:00', filters: { statuses: ['started', 'accepted'] } },
      pagination: { limit: 200, offset: 0 },
    });
  });
});
