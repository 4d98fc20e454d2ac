import { describe, expect, it } from 'vitest';
import { assignmentExceptions, phoneException, type AssignmentFacts } from './live-exceptions.ts';

// The rules alone, at and around each threshold (the API's tests cover them through the server).

const MINUTE = 60_000;
const limits = {
  farMeters: 300,
  notStartedMs: 15 * MINUTE,
  noPositionMs: 20 * MINUTE,
  outboxStaleMs: 10 * MINUTE,
  earlyStartMs: 60 * MINUTE,
  overrunMs: 30 * MINUTE,
  shortShiftShare: 0.5,
};
const point = { latitude: 52, longitude: 21 };
const northOf = (meters: number) => ({ latitude: 52 + (meters / 6_371_008.8) * (180 / Math.PI), longitude: 21 });
const T0 = Date.parse('2026-12-01T09:00:00Z');

const facts = (o: Partial<AssignmentFacts> = {}): AssignmentFacts => ({
  actionCancelled: false,
  plannedStartAt: T0,
  // An eight-hour day: 09:00–17:00.
  plannedEndAt: T0 + 8 * 60 * MINUTE,
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
      { kind: 'not_started', since: T0 + 15 * MINUTE, distanceMeters: null, minutes: null },
    ]);
    expect(kinds(facts({ cancelled: true }), T0 + 60 * MINUTE)).toEqual([]);
    expect(kinds(facts({ actionCancelled: true }), T0 + 60 * MINUTE)).toEqual([]);
  });

  it('started far is more than 300 m from every point with coordinates', () => {
    const started = (meters: number) => facts({ status: 'started', startedAt: T0, lastPingAt: T0, startPosition: northOf(meters) });
    expect(kinds(started(299), T0)).toEqual([]);
    expect(kinds(started(300), T0)).toEqual([]);
    expect(assignmentExceptions(started(301), T0, limits)).toEqual([
      { kind: 'started_far', since: T0, distanceMeters: 301, minutes: null },
    ]);
    expect(kinds({ ...started(301), points: [point, northOf(600)] }, T0)).toEqual([]);
    expect(kinds({ ...started(5_000), points: [] }, T0)).toEqual([]);
  });

  it('no position holds 20 min after the later of her last ping and her start, while she runs', () => {
    const running = facts({ status: 'started', startedAt: T0, lastPingAt: T0 + 5 * MINUTE });
    expect(kinds(running, T0 + 25 * MINUTE - 1)).toEqual([]);
    expect(assignmentExceptions(running, T0 + 25 * MINUTE, limits)).toEqual([
      { kind: 'no_position', since: T0 + 25 * MINUTE, distanceMeters: null, minutes: null },
    ]);
    expect(kinds(facts({ status: 'started', startedAt: T0 }), T0 + 20 * MINUTE)).toEqual(['no_position']);
    expect(kinds({ ...running, status: 'finished', hasEndPhotos: true }, T0 + 60 * MINUTE)).toEqual([]);
  });

  it('finished without end photos, from her end', () => {
    const END = T0 + 8 * 60 * MINUTE;
    const finished = facts({ status: 'finished', startedAt: T0, finishedAt: END });
    expect(assignmentExceptions(finished, END + MINUTE, limits)).toEqual([
      { kind: 'finished_without_end_photos', since: END, distanceMeters: null, minutes: null },
    ]);
    expect(kinds({ ...finished, hasEndPhotos: true }, END + MINUTE)).toEqual([]);
  });

  // Decision 116: the shift against the plan (09:00–17:00 here).
  describe('her shift against the plan', () => {
    const END = T0 + 8 * 60 * MINUTE;
    const day = (o: Partial<AssignmentFacts>) => facts({ lastPingAt: Infinity, hasEndPhotos: true, ...o });

    it('a start 60 min or more before the plan is early, from her start', () => {
      expect(kinds(day({ status: 'started', startedAt: T0 - 59 * MINUTE }), T0)).toEqual([]);
      expect(assignmentExceptions(day({ status: 'started', startedAt: T0 - 60 * MINUTE }), T0, limits)).toEqual([
        { kind: 'started_early', since: T0 - 60 * MINUTE, distanceMeters: null, minutes: 60 },
      ]);
    });

    it('still running 30 min after the planned end holds from then, with the minutes so far (Kiosk Nowy Świat at 23:17)', () => {
      const running = day({ status: 'started', startedAt: T0 });
      expect(kinds(running, END + 30 * MINUTE - 1)).toEqual([]);
      expect(assignmentExceptions(running, END + 6 * 60 * MINUTE + 17 * MINUTE, limits)).toEqual([
        { kind: 'past_planned_end', since: END + 30 * MINUTE, distanceMeters: null, minutes: 377 },
      ]);
    });

    it('a shift ended 30 min or more after the planned end stays listed, with the minutes at her end', () => {
      expect(kinds(day({ status: 'finished', startedAt: T0, finishedAt: END + 29 * MINUTE }), END + 99 * MINUTE)).toEqual([]);
      expect(
        assignmentExceptions(day({ status: 'finished', startedAt: T0, finishedAt: END + 45 * MINUTE }), END + 99 * MINUTE, limits),
      ).toEqual([{ kind: 'past_planned_end', since: END + 30 * MINUTE, distanceMeters: null, minutes: 45 }]);
    });

    it('a finished shift shorter than half the planned time is short, from her end, with the minutes worked', () => {
      expect(kinds(day({ status: 'finished', startedAt: T0, finishedAt: T0 + 4 * 60 * MINUTE }), END)).toEqual([]);
      expect(assignmentExceptions(day({ status: 'finished', startedAt: T0, finishedAt: T0 + 12 * MINUTE }), END, limits)).toEqual([
        { kind: 'short_shift', since: T0 + 12 * MINUTE, distanceMeters: null, minutes: 12 },
      ]);
      // Still running is not short yet; a cancelled promoter or action has no shift to judge.
      expect(kinds(day({ status: 'started', startedAt: T0 }), T0 + 12 * MINUTE)).toEqual([]);
      expect(kinds(day({ status: 'finished', startedAt: T0, finishedAt: T0 + MINUTE, actionCancelled: true }), END)).toEqual([]);
    });
  });

  it('data on the phone when items wait and the oldest is 10 min old', () => {
    const oldestAt = new Date(T0).toISOString();
    expect(phoneException({ count: 1, oldestAt }, T0 + 10 * MINUTE - 1, limits)).toBeNull();
    expect(phoneException({ count: 1, oldestAt }, T0 + 10 * MINUTE, limits)).toEqual({
      kind: 'data_on_phone',
      since: T0 + 10 * MINUTE,
      distanceMeters: null,
      minutes: null,
    });
    expect(phoneException({ count: 0, oldestAt: null }, T0 + 99 * MINUTE, limits)).toBeNull();
    expect(phoneException({ count: 3, oldestAt: null }, T0 + 99 * MINUTE, limits)).toBeNull();
    expect(phoneException(null, T0, limits)).toBeNull();
  });
});
