import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import * as pl from '../../i18n/pl.ts';
import { daySeconds, shortDay } from './dashboard-view.ts';

// uPlot's part of the day chart, in a chunk of its own loaded by day-chart.tsx only where a canvas can
// be drawn: the dashboard's tiles and table come first, and jsdom (no canvas, no matchMedia, which
// uPlot reads when it loads) never loads it.

export type DaySeries = { label: string; values: number[]; color: string; dash?: number[] };

export const CHART_HEIGHT = 240;

const dayOfSeconds = (seconds: number) => shortDay(new Date(seconds * 1000).toISOString().slice(0, 10));

/** Draws the chart into `target`; the returned function removes it. */
export function drawDayChart(target: HTMLElement, days: string[], series: DaySeries[], bars: boolean): () => void {
  const width = () => Math.max(280, target.clientWidth);
  const options: uPlot.Options = {
    width: width(),
    height: CHART_HEIGHT,
    // Days are drawn as written (UTC midnights), never shifted by the browser's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    axes: [
      { values: (_u, splits) => splits.map(dayOfSeconds) },
      { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
    ],
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: pl.biuroDashboard.columns.date, value: (_u, s) => (s == null ? '—' : dayOfSeconds(s)) },
      ...series.map((one) => ({
        label: one.label,
        stroke: one.color,
        width: 2,
        dash: one.dash,
        fill: bars ? `${one.color}cc` : undefined,
        paths: bars ? uPlot.paths.bars?.({ size: [0.7, 48] }) : undefined,
        points: { show: !bars, size: 6 },
      })),
    ],
  };
  const chart = new uPlot(options, [days.map(daySeconds), ...series.map((one) => one.values)], target);
  const observer =
    typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: width(), height: CHART_HEIGHT }));
  observer?.observe(target);
  return () => {
    observer?.disconnect();
    chart.destroy();
  };
}
