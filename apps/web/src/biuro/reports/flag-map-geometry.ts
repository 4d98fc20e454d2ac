// The flags' small map (issue 38): her fixes and the point projected to an SVG's pixels with Web
// Mercator, the projection of the map tiles, so the same drawing lies on tiles or on a blank field.

export type LatLng = { latitude: number; longitude: number };
export type Pixel = { x: number; y: number };

const TILE = 256;
const MAX_ZOOM = 18;
const EARTH_RADIUS_METERS = 6_371_008.8;

/** World pixel at zoom z. */
export function project(p: LatLng, zoom: number): Pixel {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((p.latitude * Math.PI) / 180);
  return {
    x: ((p.longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** Great-circle metres between two positions (haversine). */
export function metresBetween(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres per pixel at a latitude and zoom. */
export const metresPerPixel = (latitude: number, zoom: number) =>
  (Math.cos((latitude * Math.PI) / 180) * 2 * Math.PI * EARTH_RADIUS_METERS) / (TILE * 2 ** zoom);

export type View = {
  zoom: number;
  /** The world pixel at the SVG's top left corner. */
  origin: Pixel;
  toSvg: (p: LatLng) => Pixel;
};

/** The highest zoom at which every position fits the box with its padding, centred. */
export function fitView(points: readonly LatLng[], box: { width: number; height: number; padding: number }): View {
  let zoom = MAX_ZOOM;
  for (; zoom > 1; zoom--) {
    const px = points.map((p) => project(p, zoom));
    const w = Math.max(...px.map((p) => p.x)) - Math.min(...px.map((p) => p.x));
    const h = Math.max(...px.map((p) => p.y)) - Math.min(...px.map((p) => p.y));
    if (w <= box.width - 2 * box.padding && h <= box.height - 2 * box.padding) break;
  }
  const px = points.map((p) => project(p, zoom));
  const cx = (Math.max(...px.map((p) => p.x)) + Math.min(...px.map((p) => p.x))) / 2;
  const cy = (Math.max(...px.map((p) => p.y)) + Math.min(...px.map((p) => p.y))) / 2;
  const origin = { x: cx - box.width / 2, y: cy - box.height / 2 };
  return {
    zoom,
    origin,
    toSvg: (p) => {
      const w = project(p, zoom);
      return { x: w.x - origin.x, y: w.y - origin.y };
    },
  };
}

/** The tiles under the box: their URL (MAP_TILE_URL's {z}/{x}/{y}, {s} as 'a') and where each lies. */
export function tilesOf(view: View, box: { width: number; height: number }, url: string) {
  const tiles: { href: string; x: number; y: number }[] = [];
  const count = 2 ** view.zoom;
  for (let tx = Math.floor(view.origin.x / TILE); tx * TILE < view.origin.x + box.width; tx++) {
    for (let ty = Math.floor(view.origin.y / TILE); ty * TILE < view.origin.y + box.height; ty++) {
      if (ty < 0 || ty >= count) continue;
      const wrapped = ((tx % count) + count) % count;
      const href = url.replace('{z}', String(view.zoom)).replace('{x}', String(wrapped)).replace('{y}', String(ty)).replace('{s}', 'a');
      tiles.push({ href, x: tx * TILE - view.origin.x, y: ty * TILE - view.origin.y });
    }
  }
  return tiles;
}

/** A round length for the scale bar: 1, 2 or 5 × 10ⁿ metres, at most `maxMetres`. */
export function roundScale(maxMetres: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(maxMetres, 1)));
  for (const step of [5, 2, 1]) if (step * power <= maxMetres) return step * power;
  return power;
}
