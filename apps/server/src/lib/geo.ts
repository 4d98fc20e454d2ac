// Distances on the Earth for the back office's checks (issue 25): how far her check-in or her last
// position was from the action's points. The haversine formula on a sphere of the mean radius: within
// a few metres over the hundreds of metres the checks judge.

export type Coordinates = { latitude: number; longitude: number };

const EARTH_RADIUS_METERS = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres between two WGS84 positions along the surface. */
export function distanceMeters(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
