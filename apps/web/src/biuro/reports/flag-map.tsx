import * as pl from '../../i18n/pl.ts';
import type { ReportFlag, ReportMapTiles } from '../api/admin-types.ts';
import { fitView, metresBetween, metresPerPixel, roundScale, tilesOf, type LatLng } from './flag-map-geometry.ts';

// A flag's small map (issue 38, decision 138): her fixes in the order she took them, numbered, each
// with its accuracy's circle, and the action's point; the distance from her first fix to the point and
// between consecutive fixes written on the lines. Plain SVG: the points and distances always, the map's
// tiles beneath only where the server names them (MAP_TILE_URL), so no map library is loaded for it.

const t = pl.biuroIntegrity;
const BOX = { width: 320, height: 200, padding: 28 };
/** More fixes than this, or a segment shorter (px): not labelled on the map (the legend says it). */
const LABELLED_SEGMENTS = 4;
const LABELLED_MIN_PX = 56;

const mid = (a: { x: number; y: number }, b: { x: number; y: number }) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export function FlagMap({ evidence, tiles }: { evidence: ReportFlag['evidence']; tiles: ReportMapTiles | null }) {
  const fixes = evidence.fixes ?? [];
  const point = evidence.point ?? null;
  const all: LatLng[] = [...fixes, ...(point ? [point] : [])];
  if (all.length === 0) return null;
  const view = fitView(all, BOX);
  const fixPx = fixes.map((f) => view.toSvg(f));
  const pointPx = point ? view.toSvg(point) : null;
  const perPixel = metresPerPixel(all[0]!.latitude, view.zoom);
  const scale = roundScale(perPixel * 80);
  const first = fixes[0];
  const toPoint = first && point ? (evidence.distanceMeters ?? metresBetween(first, point)) : null;
  const label = point ? t.map(point.name) : t.map('');
  return (
    <figure className="flag-map">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={label}>
        <rect width={BOX.width} height={BOX.height} className="flag-map__field" />
        {tiles?.tileUrl
          ? tilesOf(view, BOX, tiles.tileUrl).map((tile) => (
              <image key={tile.href} href={tile.href} x={tile.x} y={tile.y} width={256} height={256} />
            ))
          : null}
        {fixes.map((f, i) =>
          f.accuracy ? (
            <circle key={`a${i}`} className="flag-map__accuracy" cx={fixPx[i]!.x} cy={fixPx[i]!.y} r={f.accuracy / perPixel} />
          ) : null,
        )}
        {pointPx && fixPx[0] ? (
          <g className="flag-map__to-point">
            <line x1={fixPx[0].x} y1={fixPx[0].y} x2={pointPx.x} y2={pointPx.y} />
            {toPoint !== null ? <MapLabel at={mid(fixPx[0], pointPx)} text={t.distance(toPoint)} /> : null}
          </g>
        ) : null}
        {fixPx.slice(1).map((p, i) => (
          <g key={`s${i}`} className="flag-map__track">
            <line x1={fixPx[i]!.x} y1={fixPx[i]!.y} x2={p.x} y2={p.y} />
            {fixes.length <= LABELLED_SEGMENTS && Math.hypot(p.x - fixPx[i]!.x, p.y - fixPx[i]!.y) >= LABELLED_MIN_PX ? (
              <MapLabel at={mid(fixPx[i]!, p)} text={t.distance(metresBetween(fixes[i]!, fixes[i + 1]!))} />
            ) : null}
          </g>
        ))}
        {pointPx && point ? (
          <g className="flag-map__point">
            <title>{t.point(point.name)}</title>
            <rect x={pointPx.x - 7} y={pointPx.y - 7} width={14} height={14} />
            <text x={pointPx.x} y={pointPx.y + 4}>
              P
            </text>
          </g>
        ) : null}
        {fixes.map((f, i) => (
          <g key={`f${i}`} className="flag-map__fix">
            <title>{t.fix(i + 1, f.at.slice(11, 16), f.accuracy)}</title>
            <circle cx={fixPx[i]!.x} cy={fixPx[i]!.y} r={8} />
            <text x={fixPx[i]!.x} y={fixPx[i]!.y + 4}>
              {i + 1}
            </text>
          </g>
        ))}
        <g className="flag-map__scale" transform={`translate(10 ${BOX.height - 12})`}>
          <line x1={0} y1={0} x2={scale / perPixel} y2={0} />
          <text x={0} y={-4}>
            {t.scale(scale)}
          </text>
        </g>
      </svg>
      <figcaption className="biuro-muted">
        <ol className="flag-map__legend">
          {fixes.map((f, i) => (
            <li key={i}>
              {t.fix(i + 1, f.at.slice(11, 16), f.accuracy)}
              {i > 0 ? t.fromPrevious(metresBetween(fixes[i - 1]!, f)) : null}
            </li>
          ))}
        </ol>
        {point ? <span>{t.point(point.name)}</span> : null}
        {tiles?.tileUrl ? <span className="flag-map__attribution">{tiles.attribution}</span> : <span>{t.mapNoTiles}</span>}
      </figcaption>
    </figure>
  );
}

function MapLabel({ at, text }: { at: { x: number; y: number }; text: string }) {
  return (
    <text className="flag-map__label" x={at.x} y={at.y - 6}>
      {text}
    </text>
  );
}
