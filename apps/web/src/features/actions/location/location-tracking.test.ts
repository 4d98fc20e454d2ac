import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { startLocationTracking, type LocationPing, type TrackingDeps } from './location-tracking.ts';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

const TAKEN_AT = '2026-03-05T10:00:00.000Z';
const position = (latitude = 52.23, takenAt = TAKEN_AT) =>
  ({ coords: { latitude, longitude: 21.01, accuracy: 15 }, timestamp: Date.parse(takenAt) }) as GeolocationPosition;
const pingBody = (takenAt = TAKEN_AT) => ({
  action: { uuid: 'a1' },
  location: { latitude: 52.23, longitude: 21.01, accuracy: 15, capturedAt: takenAt },
});

const MINUTE = 60_000;

function fakeDeps(overrides: Partial<TrackingDeps> = {}) {
  return {
    getPosition: vi.fn(async () => position()),
    send: vi.fn(async () => ({})),
    queue: vi.fn(async () => {}),
    ...overrides,
  } satisfies TrackingDeps;
}

describe('location tracking (spec §4, §9)', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sends the position at once, then every 5 minutes', async () => {
    const deps = fakeDeps();
    stop = startLocationTracking('a1', deps);

    await vi.advanceTimersByTimeAsync(0);
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.send).toHaveBeenLastCalledWith({ body: pingBody(), idempotencyKey: expect.any(String) });

    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(deps.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(deps.send).toHaveBeenCalledTimes(4);
  });

  it('tries a send up to 3 times, 3 seconds apart, when no position comes', async () => {
    const deps = fakeDeps({ getPosition: vi.fn(async () => Promise.reject(new Error('timeout'))) });
    stop = startLocationTracking('a1', deps);

    await vi.advanceTimersByTimeAsync(0);
    expect(deps.getPosition).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(deps.getPosition).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.getPosition).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(deps.getPosition).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.getPosition).toHaveBeenCalledTimes(3); // gives up until the next 5-minute send
    expect(deps.send).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });

  it('retries a ping the server refused and stops trying once one is accepted', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError('api', 'E_INTERNAL')).mockResolvedValue({});
    const deps = fakeDeps({ send });
    stop = startLocationTracking('a1', deps);

    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('without a connection the ping goes to the outbox instead', async () => {
    const deps = fakeDeps({ send: vi.fn(async () => Promise.reject(new ApiError('network', null))) });
    stop = startLocationTracking('a1', deps);

    await vi.advanceTimersByTimeAsync(0);
    expect(deps.queue).toHaveBeenCalledWith({ body: pingBody(), idempotencyKey: expect.any(String) });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(deps.send).toHaveBeenCalledTimes(1);
  });

  it('a ping keeps one Idempotency-Key and one position for all its tries and its outbox copy, so it is never stored twice', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError('api', 'E_INTERNAL')).mockRejectedValueOnce(new ApiError('network', null));
    const deps = fakeDeps({ send });
    stop = startLocationTracking('a1', deps);

    await vi.advanceTimersByTimeAsync(3_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(deps.getPosition).toHaveBeenCalledTimes(1);
    const [first, second] = send.mock.calls.map(([ping]) => ping as LocationPing);
    expect(second).toEqual(first);
    expect(deps.queue).toHaveBeenCalledWith(first);

    send.mockResolvedValue({});
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect((send.mock.calls[2]![0] as LocationPing).idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('a ping carries the time its position was taken, so one delivered late keeps its real time', async () => {
    const deps = fakeDeps({ getPosition: vi.fn(async () => position(52.23, '2026-03-05T09:58:30.250Z')) });
    stop = startLocationTracking('a1', deps);

    await vi.advanceTimersByTimeAsync(0);
    expect(deps.send).toHaveBeenCalledWith({ body: pingBody('2026-03-05T09:58:30.250Z'), idempotencyKey: expect.any(String) });
  });

  it('stops sending (and retrying) when stopped', async () => {
    const deps = fakeDeps({ getPosition: vi.fn(async () => Promise.reject(new Error('timeout'))) });
    stop = startLocationTracking('a1', deps);
    await vi.advanceTimersByTimeAsync(0);
    stop();

    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(deps.getPosition).toHaveBeenCalledTimes(1);
  });
});
