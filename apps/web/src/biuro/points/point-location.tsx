import { lazy, Suspense } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { PointsMap } from '../api/admin-types.ts';

// Where a point is (issue 34): its pin on a map where the server names tiles (MAP_TILE_URL, as the live
// day's map), else its coordinates as text. Leaflet is fetched only for the map: its own chunk.

const PointMap = lazy(async () => ({ default: (await import('./point-map.tsx')).PointMap }));

type Props = { name: string; latitude: number | null; longitude: number | null; map: PointsMap | null };

export function PointLocation({ name, latitude, longitude, map }: Props) {
  if (latitude === null || longitude === null) return <p className="biuro-muted">{pl.biuroPoints.map.none}</p>;
  const text = <p className="point-coordinates">{pl.biuroPoints.map.coordinates(latitude, longitude)}</p>;
  if (!map?.tileUrl) return text;
  return (
    <>
      {text}
      <Suspense fallback={<div className="point-map point-map--loading" aria-hidden="true" />}>
        <PointMap name={name} latitude={latitude} longitude={longitude} map={map} />
      </Suspense>
    </>
  );
}
