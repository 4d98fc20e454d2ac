import type { IntegrityEvidence, IntegrityFix, IntegrityFlagKind } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import { distanceMeters } from '../../lib/geo.ts';
import * as T from './integrity-thresholds.ts';

// Issue 38 (decision 138): the position signals of her action day, as pure functions of its fixes.
// Fixes are ordered by when she tapped or the phone took them, never by arrival: an outbox delivers
// late and out of order, and Traccar's speed filter, which compares each fix with the last one
// received, sticks after an offline gap and misses out-of-order data. Here every computation starts
// again from the whole day, so a late fix takes its place between its neighbours.

export type Fix = {
  /** Tells fixes apart in a flag's subject: 'in:<event id>', 'out:<event id>', 'ping:<id>'. */
  key: string;
  latitude: number;
  longitude: number;
  /** Reported accuracy in metres; null when the phone did not say (a check-out, an old client). */
  accuracy: number | null;
  /** When she tapped or the phone took it, ms since the epoch. */
  at: number;
  /** When the server received it, ms. */
  receivedAt: number;
};

export type Point = { latitude: number; longitude: number; name: string };

export type DayFacts = {
  fixes: readonly Fix[];
  /** Her check-in's fix, when it had coordinates. */
  checkIn: Fix | null;
  /** The point she checked in at, when it has coordinates. */
  point: Point | null;
  /** The action's planned hours, ms. */
  plannedFrom: number;
  plannedUntil: number;
  timezone: string;
  /** Fixes of earlier actions at the same point that repeat some of hers exactly (replayedTrack). */
  elsewhere?: readonly EarlierFixes[];
};

/** An earlier action's fixes at the same point, those whose coordinates equal some of hers. */
export type EarlierFixes = {
  action: { uuid: string; name: string };
  /** Its planned day, YYYY-MM-DD. */
  day: string;
  spots: readonly { latitude: number; longitude: number }[];
};

export type Signal = { kind: IntegrityFlagKind; subject: string; evidence: IntegrityEvidence };

/** The kinds computed from stored fixes (and so withdrawn when the fixes no longer support them). */
export const POSITION_KINDS = ['check_in_far', 'weak_fix', 'teleport', 'frozen_fixes', 'clock_skew', 'left_point'] as const;

const MINUTE = 60_000;
/** Evidence lists at most this many fixes (the small map needs no more). */
const MAX_EVIDENCE_FIXES = 20;

export const byTakenTime = (a: Fix, b: Fix) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const metres = (a: Fix, b: { latitude: number; longitude: number }) => distanceMeters(a, b);

function evidenceFix(f: Fix, timezone: string): IntegrityFix {
  return { latitude: f.latitude, longitude: f.longitude, accuracy: f.accuracy, at: toWallClock(new Date(f.at), timezone) };
}
const evidenceFixes = (fs: readonly Fix[], timezone: string) => fs.slice(0, MAX_EVIDENCE_FIXES).map((f) => evidenceFix(f, timezone));

/** Every position signal of her day; fixes in any order. */
export function positionSignals(day: DayFacts): Signal[] {
  const sorted = [...day.fixes].sort(byTakenTime);
  const sortedDay = { ...day, fixes: sorted };
  return [
    ...checkInSignals(sortedDay),
    ...teleports(sortedDay),
    ...frozenFixes(sortedDay),
    ...clockBehind(sortedDay),
    ...clockAhead(sortedDay),
    ...leftPoint(sortedDay),
    ...replayedTrack(sortedDay),
  ];
}

/** check_in_far (beyond max(150 m, 2 × her accuracy) from the point) and weak_fix (accuracy over 100 m). */
export function checkInSignals({ checkIn, point, timezone }: DayFacts): Signal[] {
  if (!checkIn) return [];
  const out: Signal[] = [];
  const accuracy = checkIn.accuracy ?? undefined;
  const fixes = [evidenceFix(checkIn, timezone)];
  if (point) {
    const distance = metres(checkIn, point);
    if (distance > Math.max(T.CHECK_IN_MIN_DISTANCE_M, T.CHECK_IN_ACCURACY_FACTOR * (accuracy ?? 0))) {
      out.push({
        kind: 'check_in_far',
        subject: '',
        evidence: { distanceMeters: round(distance), accuracyMeters: accuracy, point, fixes },
      });
    }
  }
  if (accuracy !== undefined && accuracy > T.WEAK_FIX_ACCURACY_M) {
    out.push({ kind: 'weak_fix', subject: '', evidence: { accuracyMeters: accuracy, fixes } });
  }
  return out;
}

/**
 * teleport: an implied speed over 150 km/h between consecutive fixes at most 30 minutes apart. The
 * distance is shortened by both accuracies first (the fixes may be that much closer), so GPS noise
 * indoors is no speed.
 */
export function teleports({ fixes, timezone }: DayFacts): Signal[] {
  const out: Signal[] = [];
  for (let i = 1; i < fixes.length; i++) {
    const a = fixes[i - 1]!;
    const b = fixes[i]!;
    const ms = b.at - a.at;
    if (ms > T.TELEPORT_MAX_GAP_MIN * MINUTE) continue;
    const distance = metres(a, b);
    const beyondNoise = distance - (a.accuracy ?? 0) - (b.accuracy ?? 0);
    if (beyondNoise <= 0) continue;
    // Two fixes taken the same second: a second, not zero, so the speed stays a number.
    const kmh = beyondNoise / 1000 / (Math.max(ms, 1000) / 3_600_000);
    if (kmh <= T.TELEPORT_SPEED_KMH) continue;
    out.push({
      kind: 'teleport',
      subject: `${a.key}>${b.key}`,
      evidence: {
        distanceMeters: round(distance),
        speedKmh: round(kmh),
        minutes: round(ms / MINUTE, 1),
        fixes: evidenceFixes([a, b], timezone),
      },
    });
  }
  return out;
}

/** A coordinate pair to FROZEN_DECIMALS (6: about 0.1 m), as a key. */
export const spotOf = (f: { latitude: number; longitude: number }) =>
  `${f.latitude.toFixed(T.FROZEN_DECIMALS)},${f.longitude.toFixed(T.FROZEN_DECIMALS)}`;
const sameSpot = (a: Fix, b: Fix) => spotOf(a) === spotOf(b);

/** frozen_fixes: 5+ identical consecutive coordinates, an accuracy of exactly 0, one accuracy all day. */
export function frozenFixes({ fixes, timezone }: DayFacts): Signal[] {
  const out: Signal[] = [];
  let best: Fix[] = [];
  let run: Fix[] = [];
  for (const f of fixes) {
    run = run.length > 0 && sameSpot(run[run.length - 1]!, f) ? [...run, f] : [f];
    if (run.length > best.length) best = run;
  }
  if (best.length >= T.FROZEN_RUN) {
    out.push({
      kind: 'frozen_fixes',
      subject: 'identical',
      evidence: { frozen: 'identical', count: best.length, fixes: evidenceFixes(best, timezone) },
    });
  }
  const zero = fixes.filter((f) => f.accuracy === 0);
  if (zero.length > 0) {
    out.push({
      kind: 'frozen_fixes',
      subject: 'zero_accuracy',
      evidence: { frozen: 'zero_accuracy', count: zero.length, accuracyMeters: 0, fixes: evidenceFixes(zero, timezone) },
    });
  }
  const reported = fixes.filter((f) => f.accuracy !== null);
  const one = reported[0]?.accuracy;
  if (one && reported.length >= T.SAME_ACCURACY_MIN_FIXES && reported.every((f) => f.accuracy === one)) {
    out.push({
      kind: 'frozen_fixes',
      subject: 'same_accuracy',
      evidence: { frozen: 'same_accuracy', count: reported.length, accuracyMeters: one, fixes: evidenceFixes(reported, timezone) },
    });
  }
  return out;
}

/** clock_skew 'ahead': a fix taken, by her phone's clock, after the server received it (beyond the network's slack). */
export function clockAhead({ fixes, timezone }: DayFacts): Signal[] {
  const ahead = fixes.filter((f) => f.at - f.receivedAt > T.CLOCK_AHEAD_TOLERANCE_S * 1000);
  if (ahead.length === 0) return [];
  const most = Math.max(...ahead.map((f) => f.at - f.receivedAt));
  return [
    {
      kind: 'clock_skew',
      subject: 'ahead',
      evidence: { skewSeconds: round(most / 1000), count: ahead.length, fixes: evidenceFixes(ahead, timezone) },
    },
  ];
}

/**
 * clock_skew 'behind': pings sent online whose phone time is more than 5 minutes behind the server.
 * Sent online means arriving one by one, each at least a minute after the one before; a steady lag
 * over such a run is her clock (an outbox's flush arrives at once, its lags all different).
 */
export function clockBehind({ fixes, timezone }: DayFacts): Signal[] {
  const pings = fixes.filter((f) => f.key.startsWith('ping:')).sort((a, b) => a.receivedAt - b.receivedAt);
  const lag = (f: Fix) => f.receivedAt - f.at;
  let run: Fix[] = [];
  let previous: Fix | undefined;
  for (const f of pings) {
    const alone = previous === undefined || f.receivedAt - previous.receivedAt >= T.CLOCK_ONLINE_SPACING_S * 1000;
    previous = f;
    if (!alone || lag(f) <= T.CLOCK_SKEW_MAX_S * 1000) {
      run = [];
      continue;
    }
    run = run.length > 0 && Math.abs(lag(f) - lag(run[0]!)) <= T.CLOCK_STEADY_LAG_S * 1000 ? [...run, f] : [f];
    if (run.length >= T.CLOCK_BEHIND_RUN) {
      const seconds = -round(lag(run[0]!) / 1000);
      return [
        {
          kind: 'clock_skew',
          subject: 'behind',
          evidence: { skewSeconds: seconds, count: run.length, fixes: evidenceFixes(run, timezone) },
        },
      ];
    }
  }
  return [];
}

/**
 * left_point: during the planned hours, consecutive fixes more than 500 m from the point (less their
 * accuracy) spanning more than 30 minutes, from the first of them to the last (an offline gap between
 * two far fixes counts as away: both say so).
 */
export function leftPoint({ fixes, point, plannedFrom, plannedUntil, timezone }: DayFacts): Signal[] {
  if (!point) return [];
  let best: Fix[] = [];
  let run: Fix[] = [];
  const span = (r: Fix[]) => (r.length === 0 ? 0 : r[r.length - 1]!.at - r[0]!.at);
  for (const f of fixes) {
    if (f.at < plannedFrom || f.at > plannedUntil) continue;
    const far = metres(f, point) - (f.accuracy ?? 0) > T.LEFT_POINT_DISTANCE_M;
    run = far ? [...run, f] : [];
    if (span(run) > span(best)) best = run;
  }
  if (span(best) <= T.LEFT_POINT_MIN * MINUTE) return [];
  const farthest = Math.max(...best.map((f) => metres(f, point)));
  return [
    {
      kind: 'left_point',
      subject: '',
      evidence: { minutes: round(span(best) / MINUTE), distanceMeters: round(farthest), point, fixes: evidenceFixes(best, timezone) },
    },
  ];
}

/**
 * frozen_fixes 'replayed': her day's fixes repeat, to 0.1 m, REPLAY_MIN_SPOTS or more distinct
 * coordinates of one earlier action's at the same point — a recorded track played back by a mock
 * location app, hers or another promoter's. Honest fixes scatter anew each day.
 */
export function replayedTrack({ fixes, elsewhere, timezone }: DayFacts): Signal[] {
  if (!elsewhere?.length) return [];
  let best: { source: EarlierFixes; repeated: Fix[]; spots: number } | null = null;
  for (const source of elsewhere) {
    const theirs = new Set(source.spots.map(spotOf));
    const seen = new Set<string>();
    const repeated = fixes.filter((f) => theirs.has(spotOf(f)));
    for (const f of repeated) seen.add(spotOf(f));
    if (!best || seen.size > best.spots) best = { source, repeated, spots: seen.size };
  }
  if (!best || best.spots < T.REPLAY_MIN_SPOTS) return [];
  return [
    {
      kind: 'frozen_fixes',
      subject: 'replayed',
      evidence: {
        frozen: 'replayed',
        count: best.spots,
        replayOf: { action: best.source.action, day: best.source.day },
        fixes: evidenceFixes(best.repeated, timezone),
      },
    },
  ];
}
