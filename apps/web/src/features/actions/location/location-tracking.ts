import type { SaveLocationBody } from '@promotor/contract';
import {
  LOCATION_RETRY_DELAY_MS,
  LOCATION_SEND_ATTEMPTS,
  LOCATION_SEND_INTERVAL_MS,
} from '@promotor/contract/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { enqueue } from '../../../lib/outbox/index.ts';
import { LOCATION_SAVE_PATH, saveLocation } from '../api/actions.api.ts';
import { getCurrentPosition } from './current-position.ts';

// spec §4 Location tracking, §9: while a current action exists, its position is sent when it becomes
// current and then every 5 minutes; each send is tried up to 3 times, 3 s apart. A failure to get a
// position is only logged. A ping that cannot go out for lack of connection waits in the outbox.

export type TrackingDeps = {
  getPosition: () => Promise<GeolocationPosition>;
  send: (body: SaveLocationBody) => Promise<unknown>;
  /** Keeps a ping for later (the outbox, label 'location'). */
  queue: (body: SaveLocationBody) => Promise<void>;
};

/** The contract caps the accuracy; a very rough fix is still worth sending. */
const MAX_ACCURACY_M = 100_000;

const defaultDeps: TrackingDeps = {
  getPosition: getCurrentPosition,
  send: saveLocation,
  queue: (body) => enqueue([{ kind: 'json', actionUuid: body.action.uuid, label: 'location', path: LOCATION_SAVE_PATH, body }]),
};

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

  /** One try: a fresh position, then the call. Answers true when nothing is left to retry. */
  async function tryOnce(): Promise<boolean> {
    let body: SaveLocationBody;
    try {
      const { coords } = await deps.getPosition();
      const accuracy = Math.min(Math.max(coords.accuracy, 0), MAX_ACCURACY_M);
      body = { action: { uuid: actionUuid }, location: { latitude: coords.latitude, longitude: coords.longitude, accuracy } };
    } catch (error) {
      console.warn('Location tracking: no position', error);
      return false;
    }
    if (stopped) return true;
    try {
      await deps.send(body);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'network') {
        await deps.queue(body).catch((queueError: unknown) => console.warn('Location tracking: not queued', queueError));
        return true;
      }
      console.warn('Location tracking: ping refused', error);
      return false;
    }
  }

  async function sendPosition(): Promise<void> {
    for (let attempt = 1; attempt <= LOCATION_SEND_ATTEMPTS && !stopped; attempt += 1) {
      if (attempt > 1) await pause(LOCATION_RETRY_DELAY_MS);
      if (stopped || (await tryOnce())) return;
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
