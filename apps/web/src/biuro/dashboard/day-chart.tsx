import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import * as pl from '../../i18n/pl.ts';
import { daySeconds, shortDay } from './dashboard-view.ts';

// A chart of numbers per day (issue 25 "charts people read at a glance"), drawn by uPlot on a canvas
// (decision 094: ~21 KB gz, kept by one author for years, no dependencies). The canvas is a picture
// for the eye; the same numbers are in a table beside it for everyone else.

export type DaySeries = { label: string; values: number[]; color: string; dash?: number[] };

/** Whether this browser draws on a canvas (jsdom does not: the table alone shows the numbers there). */
function canDraw(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

const HEIGHT = 240;

export function DayChart({ days, series, bars = false }: { days: string[]; series: DaySeries[]; bars?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawable] = useState(canDraw);

  useEffect(() => {
    const target = box.current;
    if (!target || !drawable) return;
    const width = () => Math.max(280, target.clientWidth);
    const options: uPlot.Options = {
      width: width(),
      height: HEIGHT,
      // Days are drawn as written (UTC midnights), never shifted by the browser's zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        { values: (_u, splits) => splits.map((s) => shortDay(new Date(s * 1000).toISOString().slice(0, 10))) },
        { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
      ],
      cursor: { drag: { x: false, y: false } },
      series: [
        {
          label: pl.biuroDashboard.columns.date,
          value: (_u, s) => (s == null ? '—' : shortDay(new Date(s * 1000).toISOString().slice(0, 10))),
        },
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
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    observer?.observe(target);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [days, series, bars, drawable]);

  if (!drawable) return <p className="biuro-muted">{pl.biuroDashboard.noChart}</p>;
  return <div ref={box} className="day-chart" aria-hidden="true" />;
}
