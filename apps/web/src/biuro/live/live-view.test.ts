import { describe, expect, it } from 'vitest';
import { buildLiveAction, buildLiveException, buildLivePromoter, minutesAgo } from '../test/live-builders.ts';
import { mapMarkers, phoneRows, promoterTarget, queueOrder } from './live-view.ts';

describe('the live day, from its answer', () => {
  it('the map has a marker per point with coordinates and per running promoter with a position, no other', () => {
    const running = buildLivePromoter();
    const finished = buildLivePromoter({ status: 'finished' });
    const cancelled = buildLivePromoter({ cancelled: true });
    const unplaced = buildLivePromoter({ lastPosition: null });
    const action = buildLiveAction({ promoters: [running, finished, cancelled, unplaced] });
    action.points.push({ ...action.points[0]!, uuid: 'no-coordinates', latitude: null, longitude: null });
    const { points, promoters } = mapMarkers([action]);
    expect(points.map((point) => point.id)).toEqual([`point:${action.uuid}:${action.points[0]!.uuid}`]);
    expect(promoters.map((marker) => marker.promoter.uuid)).toEqual([running.uuid]);
    // Someone not on the map is shown by her action's point.
    expect(promoterTarget(action, unplaced.uuid)).toBe(points[0]!.id);
  });

  it('what waits on the phones: one row per promoter, the most waiting first, then the longest unseen', () => {
    const quiet = buildLivePromoter({ name: 'Cisza', outbox: { count: 0, oldestAt: null }, lastSeenAt: minutesAgo(1) });
    const unseen = buildLivePromoter({ name: 'Dawno', outbox: { count: 0, oldestAt: null }, lastSeenAt: minutesAgo(90) });
    const busy = buildLivePromoter({ name: 'Pełna', outbox: { count: 4, oldestAt: minutesAgo(30) } });
    const rows = phoneRows([buildLiveAction({ promoters: [quiet, busy] }), buildLiveAction({ promoters: [unseen, busy] })]);
    expect(rows.map((row) => row.name)).toEqual(['Pełna', 'Dawno', 'Cisza']);
  });

  it('the exceptions queue is oldest first', () => {
    const anna = buildLivePromoter();
    const action = buildLiveAction({ promoters: [anna] });
    const newer = buildLiveException(action, anna, { since: minutesAgo(2) });
    const older = buildLiveException(action, anna, { kind: 'not_started', since: minutesAgo(50) });
    expect(queueOrder([newer, older])).toEqual([older, newer]);
  });
});
