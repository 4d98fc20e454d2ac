import { GEOLOCATION_TIMEOUT_MS } from '@promotor/contract/constants';
import { writeLocal } from '../storage/browser-storage.ts';
import { STORAGE_KEYS } from '../storage/storage-keys.ts';

// spec §2 Login and §4 Other: the permission is asked on the login page, its state is kept in
// localStorage and updated when it changes. Browsers and WebViews differ in what they offer, so
// every API is checked before use.

export type GeolocationPermission = 'granted' | 'denied' | 'prompt';

const record = (state: GeolocationPermission) => writeLocal(STORAGE_KEYS.geolocationPermission, state);

let watched: Promise<GeolocationPermission | null> | null = null;

/** Records the current state and follows its changes; safe to call more than once. */
export function watchGeolocationPermission(): Promise<GeolocationPermission | null> {
  watched ??= (async () => {
    if (!navigator.permissions?.query) return null;
    try {
      const status = await navigator.permissions.query({ name: 'geolocation' });
      record(status.state);
      status.onchange = () => record(status.state);
      return status.state;
    } catch {
      return null;
    }
  })();
  return watched;
}

/** Asks for the permission once (a position request shows the browser's prompt) and records the answer. */
export async function requestGeolocationPermission(): Promise<void> {
  const state = await watchGeolocationPermission();
  if (state === 'granted' || state === 'denied' || !navigator.geolocation) return;
  navigator.geolocation.getCurrentPosition(
    () => record('granted'),
    (error) => {
      if (error.code === error.PERMISSION_DENIED) record('denied');
    },
    { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
  );
}
