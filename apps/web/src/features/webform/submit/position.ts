import { GEOLOCATION_TIMEOUT_MS } from '@promotor/contract/constants';
import { readLocal } from '../../../lib/storage/browser-storage.ts';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys.ts';
import type { Coordinates } from '../webform.slice.ts';

const NO_POSITION: Coordinates = { latitude: null, longitude: null };

/**
 * spec §6: the registration's location is attached only if the permission was granted (as recorded
 * by lib/geolocation, spec §4 Other) and a position is obtained; else null coordinates. §9: high
 * accuracy, 10 s, no cached position. Never asks: a prompt in the middle of a registration would
 * only delay it.
 */
export function registrationPosition(): Promise<Coordinates> {
  if (readLocal(STORAGE_KEYS.geolocationPermission) !== 'granted' || !navigator.geolocation) return Promise.resolve(NO_POSITION);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(NO_POSITION),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
