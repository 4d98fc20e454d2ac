import { LOCATION_RETRY_DELAY_MS, LOCATION_SEND_ATTEMPTS, LOCATION_SEND_INTERVAL_MS } from '@promotor/contract/constants';
import { api } from '../../../lib/api-client.ts';
import { readToken } from '../../../lib/storage/token.ts';

// Inside the Android wrapper the pings come from its foreground service, which keeps running when the
// WebView is in the background (browsers stop timers there). The contract is in
// docs/android-wrapper.md, 'Background location'.

/** The location part of window.PromotorAndroid (optional: older wrappers do not have it). */
type AndroidLocationBridge = {
  startLocationTracking?: (request: string) => void;
  stopLocationTracking?: () => void;
};

/** What startLocationTracking receives, as JSON text. */
export type AndroidTrackingRequest = {
  actionUuid: string;
  token: string;
  /** Absolute URL of /action/location/save. */
  url: string;
  intervalMs: number;
  attempts: number;
  retryDelayMs: number;
};

const bridge = () => window.PromotorAndroid as AndroidLocationBridge | undefined;

/**
 * Hands the tracking of `actionUuid` to the wrapper; answers the function that stops it, or null when
 * the wrapper cannot track (no bridge, an older wrapper, no token, the call failed) and the page must.
 */
export function startAndroidLocationTracking(actionUuid: string): (() => void) | null {
  const android = bridge();
  const token = readToken();
  if (typeof android?.startLocationTracking !== 'function' || !token) return null;
  const request: AndroidTrackingRequest = {
    actionUuid,
    token,
    url: new URL(api.urlOf('actionLocationSave'), window.location.href).href,
    intervalMs: LOCATION_SEND_INTERVAL_MS,
    attempts: LOCATION_SEND_ATTEMPTS,
    retryDelayMs: LOCATION_RETRY_DELAY_MS,
  };
  try {
    android.startLocationTracking(JSON.stringify(request));
  } catch (error) {
    console.warn('Android location tracking could not start', error);
    return null;
  }
  return () => {
    try {
      bridge()?.stopLocationTracking?.();
    } catch (error) {
      console.warn('Android location tracking could not stop', error);
    }
  };
}
