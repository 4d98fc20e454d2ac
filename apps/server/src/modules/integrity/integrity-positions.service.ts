import type { Db } from '../../db/kysely.ts';
import { lockAction } from '../../db/lock-action.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { raiseFlags, withdrawOpenFlags } from './integrity-flags.repository.ts';
import * as repo from './integrity-positions.repository.ts';
import { pointsOfAction } from './integrity-points.repository.ts';
import { CLOCK_AHEAD_TOLERANCE_S, REPLAY_LOOKBACK_DAYS, REPLAY_MIN_SPOTS } from './integrity-thresholds.ts';
import { POSITION_KINDS, positionSignals, spotOf, type DayFacts, type EarlierFixes, type Fix, type Signal } from './position-signals.ts';

// Issue 38 (decision 138): the position signals, computed again from her whole action day each time
// a check-in, check-out or ping of it is stored — right after its own commit, in a transaction that
// takes the action's lock first (db/lock-action.ts). Two pings stored at once then compute one after
// the other and the later sees both: the last computation always sees every stored fix, and what it
// no longer raises (a gap filled by a late fix) is withdrawn while still open. The natural key of
// integrity_flags makes a computation raise nothing twice.

export type IntegrityDeps = { db: Db; now: () => Date; timezone: string; log?: { error: (obj: object, msg: string) => void } };
type Her = { actionId: string; userId: string };

/** A tap time the phone sent ahead of the server's clock: kept only in the request, so judged there and never withdrawn. */
const TAP_AHEAD = 'tap_ahead';

/**
 * After her check-in, check-out or ping is stored: the signals of her day, raised and withdrawn. Her
 * write has committed and its answer must say so: a failure here is logged, never her 5xx (a retry of
 * her outbox would store the ping again); the next ping of the day computes it all anew.
 */
export async function positionDataStored(deps: IntegrityDeps, her: Her, tappedAt?: string): Promise<void> {
  try {
    await computeSignals(deps, her, tappedAt);
  } catch (err) {
    deps.log?.error({ err, action: her.actionId }, 'plausibility signals not computed (decision 138)');
  }
}

async function computeSignals(deps: IntegrityDeps, her: Her, tappedAt?: string): Promise<void> {
  const tapSignal = tapAhead(deps, tappedAt);
  await deps.db.transaction().execute(async (trx) => {
    await lockAction(trx, her.actionId);
    const since = new Date(deps.now().getTime() - REPLAY_LOOKBACK_DAYS * DAY_MS).toISOString();
    const day = await dayFacts(trx, deps.timezone, her, since);
    const signals = day ? positionSignals(day) : [];
    const raisedAt = deps.now().toISOString();
    await raiseFlags(
      trx,
      [...signals, ...(tapSignal ? [tapSignal] : [])].map((s) => ({ ...her, ...s, raisedAt })),
    );
    const keep = [...signals, { kind: 'clock_skew' as const, subject: TAP_AHEAD }];
    await withdrawOpenFlags(trx, her.actionId, her.userId, POSITION_KINDS, keep);
  });
}

function tapAhead(deps: IntegrityDeps, tappedAt: string | undefined): Signal | null {
  if (tappedAt === undefined) return null;
  const ahead = Date.parse(tappedAt) - deps.now().getTime();
  if (!(ahead > CLOCK_AHEAD_TOLERANCE_S * 1000)) return null;
  return { kind: 'clock_skew', subject: TAP_AHEAD, evidence: { skewSeconds: Math.round(ahead / 1000) } };
}

const ms = (iso: string) => Date.parse(iso);
const DAY_MS = 24 * 60 * 60 * 1000;

async function dayFacts(db: Db, timezone: string, her: Her, since: string): Promise<DayFacts | null> {
  const [steps, pings, hours] = await Promise.all([
    repo.stepsOf(db, her.actionId, her.userId),
    repo.pingsOf(db, her.actionId, her.userId),
    repo.actionHoursOf(db, her.actionId),
  ]);
  if (!hours) return null;
  const fixes: Fix[] = [];
  for (const s of steps) {
    if (s.latitude === null || s.longitude === null) continue;
    const key = `${s.kind === 'check_in' ? 'in' : 'out'}:${s.id}`;
    fixes.push({
      key,
      latitude: s.latitude,
      longitude: s.longitude,
      accuracy: s.accuracy,
      at: ms(s.created_at),
      receivedAt: ms(s.received_at ?? s.created_at),
    });
  }
  for (const p of pings) {
    // The phone's capture time, as sent (a clock running ahead shows as clock_skew); else its arrival.
    const taken = p.captured_at === null ? NaN : ms(p.captured_at);
    const at = Number.isNaN(taken) ? ms(p.created_at) : taken;
    fixes.push({
      key: `ping:${p.id}`,
      latitude: p.latitude,
      longitude: p.longitude,
      accuracy: p.accuracy,
      at,
      receivedAt: ms(p.created_at),
    });
  }
  const checkInStep = steps.filter((s) => s.kind === 'check_in').sort((a, b) => ms(b.created_at) - ms(a.created_at))[0];
  const checkIn = fixes.find((f) => checkInStep && f.key === `in:${checkInStep.id}`) ?? null;
  const point = checkInStep?.action_point_id ? await repo.pointOf(db, checkInStep.action_point_id) : undefined;
  return {
    fixes,
    elsewhere: await repeatedElsewhere(db, her, fixes, since),
    checkIn,
    point:
      point && point.latitude !== null && point.longitude !== null
        ? { latitude: point.latitude, longitude: point.longitude, name: point.name }
        : null,
    plannedFrom: instantOfWall(hours.since, timezone).getTime(),
    plannedUntil: instantOfWall(hours.until, timezone).getTime(),
    timezone,
  };
}

/**
 * For frozen_fixes 'replayed': earlier actions' pings at the same point that share coordinates with
 * hers — asked only once her day has REPLAY_MIN_SPOTS distinct coordinates, by their latitudes.
 */
async function repeatedElsewhere(db: Db, her: Her, fixes: readonly Fix[], since: string): Promise<EarlierFixes[]> {
  const spots = new Map(fixes.map((f) => [spotOf(f), f]));
  if (spots.size < REPLAY_MIN_SPOTS) return [];
  const points = await pointsOfAction(db, her.actionId);
  if (!points.length) return [];
  const latitudes = [...new Set([...spots.values()].map((f) => f.latitude))].slice(0, 500);
  const rows = await repo.pingsAtLatitudes(db, her.actionId, points, since, latitudes);
  const byAction = new Map<string, EarlierFixes & { spots: { latitude: number; longitude: number }[] }>();
  for (const r of rows) {
    const source = byAction.get(r.action_id) ?? { action: { uuid: r.action_id, name: r.name }, day: r.since.slice(0, 10), spots: [] };
    source.spots.push({ latitude: r.latitude, longitude: r.longitude });
    byAction.set(r.action_id, source);
  }
  return [...byAction.values()];
}
