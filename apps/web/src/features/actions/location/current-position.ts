import { GEOLOCATION_TIMEOUT_MS } from '@promotor/contract/constants';

// spec §9: high accuracy, 10 s timeout, no cached position.
const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 };

/** One fresh position; rejects when the phone gives none (no API, denied, timeout). */
export function getCurrentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, OPTIONS);
  });
}

export type Coordinates = { latitude: number | null; longitude: number | null };

/** For check-in and check-out: the position, or nulls when there is none (spec §4, §6). */
export async function positionOrNulls(): Promise<Coordinates> {
  try {
    const { coords } = await getCurrentPosition();
    return { latitude: coords.latitude, longitude: coords.longitude };
  } catch (error) {
    console.warn('No position for the action', error);
    return { latitude: null, longitude: null };
  }
}
