// Distances on the Earth for the back office (issue 25): a promoter's position against an action's points.

export type Coordinates = { latitude: number; longitude: number };

/** The IUGG mean Earth radius: the haversine's sphere, within 0.5 % of the ellipsoid at Polish latitudes. */
const EARTH_RADIUS_METERS = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two WGS84 positions in metres (the haversine formula). */
export function distanceMeters(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
