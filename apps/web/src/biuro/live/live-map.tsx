import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import * as pl from '../../i18n/pl.ts';
import type { LiveAnswer } from '../api/admin-types.ts';
import { agoText, mapMarkers, wallTime, type PointMarker, type PromoterMarker } from './live-view.ts';
import { overlapGroups, type Box } from './map-groups.ts';

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
    .join('');
}

/** A popup's lines as DOM nodes: names come from people, never parsed as HTML. */
function popupBox(title: string, lines: string[], parts: HTMLElement[] = []): HTMLElement {
  const box = document.createElement('div');
  box.className = 'live-popup';
  if (title) {
    const strong = document.createElement('strong');
    strong.textContent = title;
    box.append(strong);
  }
  for (const line of lines) {
    const p = document.createElement('p');
    p.textContent = line;
    box.append(p);
  }
  box.append(...parts);
  return box;
}

/**
 * The marker's target: a real button inside Leaflet's icon (the icon itself stays a plain box, so there
 * is one button, not a div with role=button around another). Enter reaches the map as a keypress too,
 * which Leaflet would turn into a second click: the button keeps its keys to itself.
 */
function markerButton(className: string, label: string, text: string, hidden: boolean): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute('aria-label', label);
  const span = document.createElement('span');
  span.textContent = text;
  if (hidden) span.setAttribute('aria-hidden', 'true');
  button.append(span);
  L.DomEvent.on(button, 'keypress', L.DomEvent.stopPropagation);
  return button;
}

type Entry = { id: string; marker: L.Marker; box: (at: L.Point) => Box; popup: () => HTMLElement };

/** A point's square, 28 px about its place. */
const POINT_BOX = (at: L.Point): Box => ({ left: at.x - 14, top: at.y - 14, right: at.x + 14, bottom: at.y + 14 });
/** A promoter's pin, 32×42 px above her position. */
const PIN_BOX = (at: L.Point): Box => ({ left: at.x - 16, top: at.y - 42, right: at.x + 16, bottom: at.y });

function pointEntry(point: PointMarker): Entry {
  const label = pl.biuroLive.map.point(point.name, point.action.name);
  const marker = L.marker([point.latitude, point.longitude], {
    keyboard: false,
    // A square with a flag (not colour alone): the action's point.
    icon: L.divIcon({
      className: 'live-marker-box',
      html: markerButton('live-marker live-marker--point', label, '⚑', true),
      iconSize: [28, 28],
    }),
  });
  const popup = () =>
    popupBox(point.name, [
      point.address,
      point.action.name,
      pl.biuroLive.list.hours(point.action.since.slice(11, 16), point.action.until.slice(11, 16)),
    ]);
  marker.bindPopup(popup);
  return { id: point.id, marker, box: POINT_BOX, popup };
}

function promoterEntry({ id, promoter, action }: PromoterMarker): Entry {
  const shown = initials(promoter.name);
  // Her initials first: the name a speech user reads on the pin is the start of the button's name (WCAG 2.5.3).
  const label = pl.biuroLive.map.promoter(shown, promoter.name);
  const position = promoter.lastPosition;
  const marker = L.marker([position.latitude, position.longitude], {
    keyboard: false,
    // A pin with her initials: a person, told apart from a point by shape and text.
    // Its tip is her position, so standing at the point she is drawn above its flag, not over it.
    icon: L.divIcon({
      className: 'live-pin',
      html: markerButton('live-marker live-marker--promoter', label, shown, false),
      iconSize: [32, 42],
      iconAnchor: [16, 42],
      popupAnchor: [0, -40],
    }),
    zIndexOffset: 1000,
  });
  // Built when opened: the age is counted at that moment.
  const popup = () =>
    popupBox(promoter.name, [
      action.name,
      `${pl.biuroLive.list.position}: ${agoText(position.capturedAt, Date.now())} (${wallTime(position.capturedAt)})`,
      pl.biuroLive.map.accuracy(position.accuracy),
      ...(promoter.distanceMeters !== null ? [pl.biuroLive.map.fromPoint(promoter.distanceMeters)] : []),
    ]);
  marker.bindPopup(popup);
  return { id, marker, box: PIN_BOX, popup };
}

/** Markers that would overlap at `zoom`, grouped. */
function groupsAt(map: L.Map, entries: Entry[], zoom: number): Entry[][] {
  return overlapGroups(entries.map((entry) => ({ item: entry, box: entry.box(map.project(entry.marker.getLatLng(), zoom)) })));
}

/** A group of overlapping markers: its count, a tap zooms in to them (at the deepest zoom, their popups in one). */
function groupMarker(map: L.Map, members: Entry[]): L.Marker {
  const bounds = L.latLngBounds(members.map((entry) => entry.marker.getLatLng()));
  const button = markerButton('live-marker live-marker--group', pl.biuroLive.map.group(members.length), String(members.length), false);
  const marker = L.marker(bounds.getCenter(), {
    keyboard: false,
    icon: L.divIcon({ className: 'live-marker-box', html: button, iconSize: [32, 32] }),
    zIndexOffset: 2000,
  });
  marker.on('click', () => {
    if (map.getZoom() < MAX_ZOOM) map.fitBounds(bounds, { padding: [48, 48], maxZoom: MAX_ZOOM });
    else
      marker
        .bindPopup(() =>
          popupBox(
            '',
            [],
            members.map((entry) => entry.popup()),
          ),
        )
        .openPopup();
  });
  return marker;
}

const MAX_ZOOM = 19;

/** The map with a marker per point and per running promoter; `focus` pans to one and opens it. */
export function LiveMap({ answer, focus, describedBy }: { answer: LiveAnswer; focus: MapFocus | null; describedBy?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const circlesRef = useRef<L.LayerGroup | null>(null);
  const entriesRef = useRef<Entry[]>([]);
  const fitted = useRef(false);
  const { tileUrl, attribution } = answer.map;

  /** The markers as the zoom lets them stand apart: alone, or in groups. */
  const draw = useRef(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const open = entriesRef.current.find((entry) => entry.marker.isPopupOpen())?.id;
    layer.clearLayers();
    for (const group of groupsAt(map, entriesRef.current, map.getZoom())) {
      if (group.length === 1) group[0]!.marker.addTo(layer);
      else groupMarker(map, group).addTo(layer);
    }
    if (open) entriesRef.current.find((entry) => entry.id === open && map.hasLayer(entry.marker))?.marker.openPopup();
  });

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { center: POLAND, zoom: 6, maxZoom: MAX_ZOOM, scrollWheelZoom: false });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
    else map.attributionControl.addAttribution(attribution);
    // Circles of accuracy under the markers, never targets themselves.
    circlesRef.current = L.layerGroup().addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const redraw = draw.current;
    map.on('zoomend', redraw);
    return () => {
      map.off('zoomend', redraw);
      map.remove();
      mapRef.current = null;
      fitted.current = false;
    };
  }, [tileUrl, attribution]);

  // Markers made again on each answer; a popup she has open stays open across the refresh.
  useEffect(() => {
    const map = mapRef.current;
    const circles = circlesRef.current;
    if (!map || !circles) return;
    const { points, promoters } = mapMarkers(answer.actions);
    circles.clearLayers();
    for (const item of promoters) {
      const { latitude, longitude, accuracy } = item.promoter.lastPosition;
      L.circle([latitude, longitude], { radius: accuracy, interactive: false, weight: 1, className: 'live-accuracy' }).addTo(circles);
    }
    const open = entriesRef.current.find((entry) => entry.marker.isPopupOpen())?.id;
    entriesRef.current = [...points.map(pointEntry), ...promoters.map(promoterEntry)];
    const all = entriesRef.current.map((entry) => entry.marker.getLatLng());
    if (!fitted.current && all.length > 0) {
      fitted.current = true;
      map.fitBounds(L.latLngBounds(all), { padding: [48, 48], maxZoom: 16, animate: false });
    }
    draw.current();
    if (open) entriesRef.current.find((entry) => entry.id === open && map.hasLayer(entry.marker))?.marker.openPopup();
  }, [answer]);

  // From the list: the marker at a zoom where it stands alone (or its group's popup at the deepest), opened and focused.
  useEffect(() => {
    const map = mapRef.current;
    const entry = focus ? entriesRef.current.find((candidate) => candidate.id === focus.id) : undefined;
    if (!entry || !map) return;
    let zoom = Math.max(map.getZoom(), 14);
    while (zoom < MAX_ZOOM && groupsAt(map, entriesRef.current, zoom).some((group) => group.length > 1 && group.includes(entry))) zoom += 1;
    map.setView(entry.marker.getLatLng(), zoom, { animate: false });
    draw.current();
    container.current?.scrollIntoView?.({ block: 'nearest' });
    if (map.hasLayer(entry.marker)) {
      entry.marker.openPopup();
      entry.marker.getElement()?.querySelector('button')?.focus({ preventScroll: true });
    } else {
      L.popup().setLatLng(entry.marker.getLatLng()).setContent(entry.popup()).openOn(map);
    }
  }, [focus]);

  return <div ref={container} className="live-map" role="region" aria-label={pl.biuroLive.map.label} aria-describedby={describedBy} />;
}
