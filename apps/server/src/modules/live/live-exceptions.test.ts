import { describe, expect, it } from 'vitest';
import { assignmentExceptions, phoneException, type AssignmentFacts } from './live-exceptions.ts';

// The rules alone, at and around each threshold (the API's tests cover them through the server).

const MINUTE = 60_000;
const limits = { farMeters: 300, notStartedMs: 15 * MINUTE, noPositionMs: 20 * MINUTE, outboxStaleMs: 10 * MINUTE };
const point = { latitude: 52, longitude: 21 };
const northOf = (meters: number) => ({ latitude: 52 + (meters / 6_371_008.8) * (180 / Math.PI), longitude: 21 });
const T0 = Date.parse('2026-12-01T09:00:00Z');

const facts = (o: Partial<AssignmentFacts> = {}): AssignmentFacts => ({
  actionCancelled: false,
  plannedStartAt: T0,
  status: null,
  cancelled: false,
  startedAt: null,
  startPosition: null,
  lastPingAt: null,
  finishedAt: null,
  hasEndPhotos: false,
  points: [point],
  ...o,
});
const kinds = (f: AssignmentFacts, now: number) => assignmentExceptions(f, now, limits).map((e) => e.kind);

describe('the live day’s exceptions', () => {
  it('not started holds from the planned start + 15 min, not for a cancelled action or promoter', () => {
    expect(kinds(facts(), T0 + 15 * MINUTE - 1)).toEqual([]);
    expect(assignmentExceptions(facts(), T0 + 15 * MINUTE, limits)).toEqual([
      { kind: 'not_started', since: T0 + 15 * MINUTE, distanceMeters: null },
    ]);
    expect(kinds(facts({ cancelled: true }), T0 + 60 * MINUTE)).toEqual([]);
    expect(kinds(facts({ actionCancelled: true }), T0 + 60 * MINUTE)).toEqual([]);
  });

  it('started far is more than 300 m from every point with coordinates', () => {
    const started = (meters: number) => facts({ status: 'started', startedAt: T0, lastPingAt: T0, startPosition: northOf(meters) });
    expect(kinds(started(299), T0)).toEqual([]);
    expect(kinds(started(300), T0)).toEqual([]);
    expect(assignmentExceptions(started(301), T0, limits)).toEqual([{ kind: 'started_far', since: T0, distanceMeters: 301 }]);
    expect(kinds({ ...started(301), points: [point, northOf(600)] }, T0)).toEqual([]);
    expect(kinds({ ...started(5_000), points: [] }, T0)).toEqual([]);
  });

  it('no position holds 20 min after the later of her last ping and her start, while she runs', () => {
    const running = facts({ status: 'started', startedAt: T0, lastPingAt: T0 + 5 * MINUTE });
    expect(kinds(running, T0 + 25 * MINUTE - 1)).toEqual([]);
    expect(assignmentExceptions(running, T0 + 25 * MINUTE, limits)).toEqual([
      { kind: 'no_position', since: T0 + 25 * MINUTE, distanceMeters: null },
    ]);
    expect(kinds(facts({ status: 'started', startedAt: T0 }), T0 + 20 * MINUTE)).toEqual(['no_position']);
    expect(kinds({ ...running, status: 'finished', hasEndPhotos: true }, T0 + 60 * MINUTE)).toEqual([]);
  });

  it('finished without end photos, from her end', () => {
    const finished = facts({ status: 'finished', startedAt: T0, finishedAt: T0 + 60 * MINUTE });
    expect(assignmentExceptions(finished, T0 + 61 * MINUTE, limits)).toEqual([
      { kind: 'finished_without_end_photos', since: T0 + 60 * MINUTE, distanceMeters: null },
    ]);
    expect(kinds({ ...finished, hasEndPhotos: true }, T0 + 61 * MINUTE)).toEqual([]);
  });

  it('data on the phone when items wait and the oldest is 10 min old', () => {
    const oldestAt = new Date(T0).toISOString();
    expect(phoneException({ count: 1, oldestAt }, T0 + 10 * MINUTE - 1, limits)).toBeNull();
    expect(phoneException({ count: 1, oldestAt }, T0 + 10 * MINUTE, limits)).toEqual({
      kind: 'data_on_phone',
      since: T0 + 10 * MINUTE,
      distanceMeters: null,
    });
    expect(phoneException({ count: 0, oldestAt: null }, T0 + 99 * MINUTE, limits)).toBeNull();
    expect(phoneException({ count: 3, oldestAt: null }, T0 + 99 * MINUTE, limits)).toBeNull();
    expect(phoneException(null, T0, limits)).toBeNull();
  });
});
