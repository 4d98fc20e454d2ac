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
/** A position with its reported accuracy in metres, when the phone gives one (decision 138). */
export type Fix = Coordinates & { accuracy?: number };

/** The contract caps the accuracy; a very rough fix is still worth sending. */
export const MAX_ACCURACY_M = 100_000;

/** For check-in and check-out: the position, or nulls when there is none (spec §4, §6). */
export async function positionOrNulls(): Promise<Fix> {
  try {
    const { coords } = await getCurrentPosition();
    // The check-in's plausibility is judged against it (issue 38): a rough fix is weak evidence, not a fault.
    const accuracy = Number.isFinite(coords.accuracy) ? { accuracy: Math.min(Math.max(coords.accuracy, 0), MAX_ACCURACY_M) } : {};
    return { latitude: coords.latitude, longitude: coords.longitude, ...accuracy };
  } catch (error) {
    console.warn('No position for the action', error);
    return { latitude: null, longitude: null };
  }
}
