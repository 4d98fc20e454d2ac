// Distances on the earth's surface (issue 25: the report's timeline, the live day): the haversine
// formula on a sphere of the mean radius, accurate to well under 1% at a city's scale.

export type LatLng = { latitude: number; longitude: number };

const EARTH_RADIUS_METERS = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres between two positions. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres from `position` to the nearest of `points` with coordinates; null without a position or such a point. */
export function distanceToNearest(
  position: Partial<LatLng> | { latitude: number | null; longitude: number | null } | null,
  points: readonly { latitude: number | null; longitude: number | null }[],
): number | null {
  if (!position || position.latitude == null || position.longitude == null) return null;
  const from = { latitude: position.latitude, longitude: position.longitude };
  let nearest: number | null = null;
  for (const p of points) {
    if (p.latitude === null || p.longitude === null) continue;
    const d = distanceMeters(from, { latitude: p.latitude, longitude: p.longitude });
    if (nearest === null || d < nearest) nearest = d;
  }
  return nearest;
}
