import type { SaveLocationBody } from '@promotor/contract';
import { LOCATION_RETRY_DELAY_MS, LOCATION_SEND_ATTEMPTS, LOCATION_SEND_INTERVAL_MS } from '@promotor/contract/constants';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client.ts';
import { enqueue } from '../../../lib/outbox/index.ts';
import { saveLocation } from '../api/actions.api.ts';
import { locationKind } from '../submit/outbox-kinds.ts';
import { getCurrentPosition, MAX_ACCURACY_M } from './current-position.ts';

// spec §4 Location tracking, §9: while a current action exists, its position is sent when it becomes
// current and then every 5 minutes; each send is tried up to 3 times, 3 s apart. A failure to get a
// position is only logged. A ping that cannot go out for lack of connection waits in the outbox.

/** One position to send: its body and the one Idempotency-Key of all its tries, direct or queued. */
export type LocationPing = { body: SaveLocationBody; idempotencyKey: string };

export type TrackingDeps = {
  getPosition: () => Promise<GeolocationPosition>;
  send: (ping: LocationPing) => Promise<unknown>;
  /** Keeps a ping for later (the outbox, label 'location'). */
  queue: (ping: LocationPing) => Promise<void>;
};

const defaultDeps: TrackingDeps = {
  getPosition: getCurrentPosition,
  send: ({ body, idempotencyKey }) => saveLocation(body, idempotencyKey),
  queue: ({ body, idempotencyKey }) => enqueue([locationKind.item(body.action.uuid, body, { idempotencyKey })]),
};

/**
 * The ping of one position. Its key is made here, once: a try whose answer was lost and the outbox's
 * copy of it are then the same ping to the server (decision 005), never two. `capturedAt` keeps the
 * position's real time when the ping arrives late.
 */
export function pingOf(actionUuid: string, { coords, timestamp }: GeolocationPosition): LocationPing {
  const accuracy = Math.min(Math.max(coords.accuracy, 0), MAX_ACCURACY_M);
  const capturedAt = Number.isFinite(timestamp) ? { capturedAt: new Date(timestamp).toISOString() } : {};
  const location = { latitude: coords.latitude, longitude: coords.longitude, accuracy, ...capturedAt };
  return { body: { action: { uuid: actionUuid }, location }, idempotencyKey: newIdempotencyKey() };
}

/** Starts tracking the action; answers the function that stops it (timers, retries, late answers). */
export function startLocationTracking(actionUuid: string, deps: TrackingDeps = defaultDeps): () => void {
  let stopped = false;
  const retryTimers = new Set<ReturnType<typeof setTimeout>>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        resolve();
      }, ms);
      retryTimers.add(timer);
    });

  async function takePosition(): Promise<LocationPing | null> {
    try {
      return pingOf(actionUuid, await deps.getPosition());
    } catch (error) {
      console.warn('Location tracking: no position', error);
      return null;
    }
  }

  /** One try of the ping. Answers true when nothing is left to retry. */
  async function trySend(ping: LocationPing): Promise<boolean> {
    try {
      await deps.send(ping);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'network') {
        await deps.queue(ping).catch((queueError: unknown) => console.warn('Location tracking: not queued', queueError));
        return true;
      }
      console.warn('Location tracking: ping refused', error);
      return false;
    }
  }

  /** Up to 3 tries: for a position until one comes, then of that one ping (same body, same key). */
  async function sendPosition(): Promise<void> {
    let ping: LocationPing | null = null;
    for (let attempt = 1; attempt <= LOCATION_SEND_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await pause(LOCATION_RETRY_DELAY_MS);
      if (stopped) return;
      ping ??= await takePosition();
      // Stopped while the phone looked for the position: the ping is no longer wanted.
      if (stopped) return;
      if (ping && (await trySend(ping))) return;
    }
  }

  void sendPosition();
  const interval = setInterval(() => void sendPosition(), LOCATION_SEND_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(interval);
    for (const timer of retryTimers) clearTimeout(timer);
    retryTimers.clear();
  };
}
