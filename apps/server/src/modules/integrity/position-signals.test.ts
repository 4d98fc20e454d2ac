import { describe, expect, it } from 'vitest';
import {
  checkInSignals,
  clockAhead,
  clockBehind,
  frozenFixes,
  leftPoint,
  positionSignals,
  replayedTrack,
  teleports,
  type DayFacts,
  type Fix,
} from './position-signals.ts';

// Issue 38 (decision 138): each position signal as a pure function of her day's fixes.

const MIN = 60_000;
const T0 = Date.parse('2026-06-01T08:00:00Z');
const POINT = { latitude: 52.231838, longitude: 21.005995, name: 'Żabka' };
/** `m` metres north of the point. */
const north = (m: number) => ({ latitude: POINT.latitude + m / 111_195, longitude: POINT.longitude });

let n = 0;
function fix(minutes: number, metresNorth = 0, o: Partial<Fix> = {}): Fix {
  const at = T0 + minutes * MIN;
  return { key: `ping:${n++}`, ...north(metresNorth), accuracy: 30, at, receivedAt: at, ...o };
}

function day(fixes: Fix[], o: Partial<DayFacts> = {}): DayFacts {
  return {
    fixes,
    checkIn: fixes[0] ?? null,
    point: POINT,
    plannedFrom: T0,
    plannedUntil: T0 + 8 * 60 * MIN,
    timezone: 'Europe/Warsaw',
    ...o,
  };
}

describe('check_in_far and weak_fix', () => {
  it('beyond 150 m, or twice her accuracy when that is more, is far', () => {
    expect(checkInSignals(day([fix(0, 149, { accuracy: 20 })]))).toEqual([]);
    expect(checkInSignals(day([fix(0, 160, { accuracy: 20 })])).map((s) => s.kind)).toEqual(['check_in_far']);
    expect(checkInSignals(day([fix(0, 190, { accuracy: 99 })]))).toEqual([]);
  });

  it('an accuracy over 100 m is weak evidence, however near', () => {
    expect(checkInSignals(day([fix(0, 0, { accuracy: 101 })])).map((s) => s.kind)).toEqual(['weak_fix']);
  });

  it('a point without coordinates says nothing of distance', () => {
    expect(checkInSignals(day([fix(0, 5_000)], { point: null }))).toEqual([]);
  });

  it('the evidence says the wall clock of her fix in the app time zone', () => {
    const [signal] = checkInSignals(day([fix(0, 820, { accuracy: 35 })]));
    expect(signal!.evidence).toMatchObject({
      distanceMeters: 820,
      accuracyMeters: 35,
      fixes: [{ at: '2026-06-01 10:00:00', accuracy: 35 }],
    });
  });
});

describe('teleport', () => {
  it('GPS noise of twice the accuracy a second apart is no speed', () => {
    expect(teleports(day([fix(0, 0, { accuracy: 80 }), fix(1 / 60, 150, { accuracy: 80 })]))).toEqual([]);
  });

  it('over 150 km/h between consecutive fixes is a teleport, the pair its subject', () => {
    const a = fix(0);
    const b = fix(2, 10_000);
    const [signal] = teleports(day([a, b]));
    expect(signal).toMatchObject({ kind: 'teleport', subject: `${a.key}>${b.key}`, evidence: { minutes: 2 } });
    expect(signal!.evidence.speedKmh).toBeGreaterThan(290);
  });

  it('pairs more than 30 minutes apart are skipped', () => {
    expect(teleports(day([fix(0), fix(31, 100_000)]))).toEqual([]);
  });

  it('fixes are ordered by when they were taken, whatever order they come in', () => {
    const late = fix(10, 0);
    expect(positionSignals(day([fix(0), fix(15, 30_000), late], { point: null })).map((s) => s.kind)).toEqual(['teleport']);
  });
});

describe('frozen_fixes', () => {
  it('five identical coordinates in a row (6 decimals) are frozen; noise in the 6th decimal is not identical', () => {
    const same = [0, 1, 2, 3, 4].map((m) => fix(m, 10));
    expect(frozenFixes(day(same)).map((s) => s.subject)).toEqual(['identical']);
    const noisy = same.map((f, i) => ({ ...f, latitude: f.latitude + i * 0.000002 }));
    expect(frozenFixes(day(noisy))).toEqual([]);
  });

  it('an accuracy of exactly 0 is synthetic', () => {
    expect(frozenFixes(day([fix(0, 1), fix(1, 2, { accuracy: 0 })])).map((s) => s.subject)).toEqual(['zero_accuracy']);
  });

  it('one accuracy over ten fixes is synthetic; over nine, or with a check-out without one, not yet', () => {
    const fixes = Array.from({ length: 10 }, (_, i) => fix(i * 5, i * 7, { accuracy: 14 }));
    expect(frozenFixes(day(fixes)).map((s) => s.subject)).toEqual(['same_accuracy']);
    expect(frozenFixes(day([...fixes.slice(1), fix(60, 3, { accuracy: null })]))).toEqual([]);
  });
});

describe('clock_skew', () => {
  it('a fix taken more than a minute after it arrived is a clock ahead', () => {
    expect(clockAhead(day([fix(0, 0, { receivedAt: T0 - 61_000 })]))[0]!.evidence.skewSeconds).toBe(61);
    expect(clockAhead(day([fix(0, 0, { receivedAt: T0 - 59_000 })]))).toEqual([]);
  });

  it('three pings arriving apart with the same lag over 5 minutes are a clock behind; a flush of late pings is not', () => {
    const behind = [0, 5, 10].map((m) => fix(m, 0, { receivedAt: T0 + (m + 6) * MIN }));
    expect(clockBehind(day(behind))[0]!.evidence.skewSeconds).toBe(-360);
    const flushed = [0, 5, 10].map((m) => fix(m, 0, { receivedAt: T0 + 40 * MIN }));
    expect(clockBehind(day(flushed))).toEqual([]);
  });
});

describe('left_point', () => {
  it('fixes over 500 m away (less their accuracy) for more than 30 minutes', () => {
    const away = [fix(0), fix(10, 900), fix(25, 900), fix(41, 900)];
    expect(leftPoint(day(away))[0]!.evidence).toMatchObject({ minutes: 31, distanceMeters: 900 });
    expect(leftPoint(day([fix(0), fix(10, 520), fix(45, 520)]))).toEqual([]);
  });

  it('a fix at the point between them breaks the absence', () => {
    expect(leftPoint(day([fix(10, 900), fix(25, 0), fix(41, 900)]))).toEqual([]);
  });

  it('only the planned hours count', () => {
    expect(leftPoint(day([fix(0, 900), fix(40, 900)], { plannedUntil: T0 + 20 * MIN }))).toEqual([]);
  });
});

describe("frozen_fixes 'replayed'", () => {
  const track = Array.from({ length: 10 }, (_, i) => fix(i * 5, 7 + i * 3.1));
  const earlier = (spots: readonly Fix[], uuid = 'a-then') => ({
    action: { uuid, name: 'Akcja Mokotów' },
    day: '2026-05-04',
    spots: spots.map(({ latitude, longitude }) => ({ latitude, longitude })),
  });

  it('8 or more of her coordinates exactly as an earlier action at the point had them: replayed, naming it', () => {
    const today = track.map((f, i) => fix(100 + i * 5, 0, { latitude: f.latitude, longitude: f.longitude }));
    const [signal] = replayedTrack(day(today, { elsewhere: [earlier(track.slice(0, 3), 'a-other'), earlier(track)] }));
    expect(signal).toMatchObject({
      kind: 'frozen_fixes',
      subject: 'replayed',
      evidence: { frozen: 'replayed', count: 10, replayOf: { action: { uuid: 'a-then', name: 'Akcja Mokotów' }, day: '2026-05-04' } },
    });
    expect(signal!.evidence.fixes).toHaveLength(10);
  });

  it('7 repeated coordinates, or the same coordinates off in the 6th decimal, are not a replay', () => {
    const seven = track.slice(0, 7).map((f, i) => fix(100 + i, 0, { latitude: f.latitude, longitude: f.longitude }));
    expect(replayedTrack(day([...seven, fix(200, 400), fix(205, 410)], { elsewhere: [earlier(track)] }))).toEqual([]);
    const nudged = track.map((f, i) => fix(100 + i, 0, { latitude: f.latitude + 2e-6, longitude: f.longitude }));
    expect(replayedTrack(day(nudged, { elsewhere: [earlier(track)] }))).toEqual([]);
  });

  it('wifi positioning giving one coordinate again and again is no replay (one distinct spot)', () => {
    const wifi = Array.from({ length: 12 }, (_, i) => fix(100 + i * 5, 0, { ...north(12) }));
    expect(replayedTrack(day(wifi, { elsewhere: [earlier([fix(0, 12)])] }))).toEqual([]);
  });
});
