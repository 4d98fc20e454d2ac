import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import * as pl from '../../i18n/pl.ts';
import type { LiveAnswer } from '../api/admin-types.ts';
import { agoText, mapMarkers, wallTime, type PointMarker, type PromoterMarker } from './live-view.ts';

// The live day's map (issue 25, decision 094): Leaflet driven from here, without a React wrapper
// (react-leaflet would add a dependency for two layers of markers). Tiles only when the server names
// a tile URL (MAP_TILE_URL): tests and CI run without tiles or internet, and the markers stand alone.

/** Poland, when no marker has coordinates yet. */
const POLAND: L.LatLngExpression = [52.07, 19.48];

export type MapFocus = { id: string; seq: number };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, ''); // it goes into the icon's HTML
}

/** A popup's lines as DOM nodes: names come from people, never parsed as HTML. */
function popup(title: string, lines: string[]): HTMLElement {
  const box = document.createElement('div');
  box.className = 'live-popup';
  const strong = document.createElement('strong');
  strong.textContent = title;
  box.append(strong);
  for (const line of lines) {
    const p = document.createElement('p');
    p.textContent = line;
    box.append(p);
  }
  return box;
}

function pointMarker(point: PointMarker): L.Marker {
  const label = pl.biuroLive.map.point(point.name, point.action.name);
  const marker = L.marker([point.latitude, point.longitude], {
    title: label,
    alt: label,
    // A square with a flag (not colour alone): the action's point.
    icon: L.divIcon({ className: 'live-marker live-marker--point', html: '<span aria-hidden="true">⚑</span>', iconSize: [28, 28] }),
  });
  marker.bindPopup(() =>
    popup(point.name, [
      point.address,
      point.action.name,
      pl.biuroLive.list.hours(point.action.since.slice(11, 16), point.action.until.slice(11, 16)),
    ]),
  );
  return marker;
}

function promoterMarker({ promoter, action }: PromoterMarker): L.Marker {
  const label = pl.biuroLive.map.promoter(promoter.name);
  const position = promoter.lastPosition;
  const marker = L.marker([position.latitude, position.longitude], {
    title: label,
    alt: label,
    // A pin with her initials: a person, told apart from a point by shape and text.
    // Its tip is her position, so standing at the point she is drawn above its flag, not over it.
    icon: L.divIcon({
      className: 'live-pin',
      html: `<span class="live-marker live-marker--promoter" aria-hidden="true">${initials(promoter.name)}</span>`,
      iconSize: [32, 42],
      iconAnchor: [16, 42],
      popupAnchor: [0, -40],
    }),
    zIndexOffset: 1000,
  });
  // Built when opened: the age is counted at that moment.
  marker.bindPopup(() =>
    popup(promoter.name, [
      action.name,
      `${pl.biuroLive.list.position}: ${agoText(position.capturedAt, Date.now())} (${wallTime(position.capturedAt)})`,
      pl.biuroLive.map.accuracy(position.accuracy),
      ...(promoter.distanceMeters !== null ? [pl.biuroLive.map.fromPoint(promoter.distanceMeters)] : []),
    ]),
  );
  return marker;
}

/** The map with a marker per point and per running promoter; `focus` pans to one and opens it. */
export function LiveMap({ answer, focus }: { answer: LiveAnswer; focus: MapFocus | null }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const fitted = useRef(false);
  const { tileUrl, attribution } = answer.map;

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { center: POLAND, zoom: 6, scrollWheelZoom: false });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    else map.attributionControl.addAttribution(attribution);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      fitted.current = false;
    };
  }, [tileUrl, attribution]);

  // Markers drawn again on each answer; a popup she has open stays open across the refresh.
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const open = [...markersRef.current.entries()].find(([, marker]) => marker.isPopupOpen())?.[0];
    layer.clearLayers();
    markersRef.current.clear();
    const { points, promoters } = mapMarkers(answer.actions);
    for (const point of points) markersRef.current.set(point.id, pointMarker(point).addTo(layer));
    for (const item of promoters) {
      const { latitude, longitude, accuracy } = item.promoter.lastPosition;
      L.circle([latitude, longitude], { radius: accuracy, interactive: false, weight: 1, className: 'live-accuracy' }).addTo(layer);
      markersRef.current.set(item.id, promoterMarker(item).addTo(layer));
    }
    for (const marker of markersRef.current.values()) {
      const element = marker.getElement();
      const title = marker.options.title;
      if (element && title) element.setAttribute('aria-label', title);
    }
    if (open) markersRef.current.get(open)?.openPopup();
    const all = [...markersRef.current.values()].map((marker) => marker.getLatLng());
    if (!fitted.current && all.length > 0) {
      fitted.current = true;
      map.fitBounds(L.latLngBounds(all), { padding: [48, 48], maxZoom: 16 });
    }
  }, [answer]);

  useEffect(() => {
    const marker = focus ? markersRef.current.get(focus.id) : undefined;
    const map = mapRef.current;
    if (!marker || !map) return;
    map.setView(marker.getLatLng(), Math.max(map.getZoom(), 14));
    marker.openPopup();
    container.current?.scrollIntoView?.({ block: 'nearest' });
    marker.getElement()?.focus({ preventScroll: true });
  }, [focus]);

  return <div ref={container} className="live-map" role="region" aria-label={pl.biuroLive.map.label} />;
}
