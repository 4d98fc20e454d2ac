import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import * as pl from '../../i18n/pl.ts';
import type { PointsMap } from '../api/admin-types.ts';

// A point's pin on a map (issue 34): Leaflet driven from here, as the live day's map is (decision 094),
// loaded only when the server names tiles (MAP_TILE_URL) and the point has coordinates — its own chunk,
// which only this panel fetches.

type Props = { name: string; latitude: number; longitude: number; map: PointsMap };

export function PointMap({ name, latitude, longitude, map: tiles }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);

  useEffect(() => {
    if (!container.current || !tiles.tileUrl) return;
    const map = L.map(container.current, { zoom: 16, center: [latitude, longitude], scrollWheelZoom: false });
    L.tileLayer(tiles.tileUrl, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // Made once per tiles; a change of the coordinates moves the pin (below), not the map.
  }, [tiles.tileUrl, tiles.attribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const label = pl.biuroPoints.map.pin(name);
    markerRef.current?.remove();
    // A square with a flag (not colour alone), as the live day marks an action's point.
    const icon = L.divIcon({ className: 'point-pin', html: '<span aria-hidden="true">⚑</span>', iconSize: [28, 28] });
    const marker = L.marker([latitude, longitude], { title: label, alt: label, icon }).addTo(map);
    marker.getElement()?.setAttribute('aria-label', label);
    markerRef.current = marker;
    map.setView([latitude, longitude], map.getZoom());
  }, [name, latitude, longitude]);

  return <div ref={container} className="point-map" role="region" aria-label={pl.biuroPoints.map.label(name)} />;
}
