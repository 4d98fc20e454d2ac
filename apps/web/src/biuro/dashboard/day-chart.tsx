import { useEffect, useRef, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { DaySeries } from './day-chart-draw.ts';

// A chart of numbers per day (issue 25 "charts people read at a glance"), drawn by uPlot on a canvas
// (decision 094). The canvas is a picture for the eye; the same numbers are in the tiles and the
// table beside it for everyone else.

export type { DaySeries };

/** Whether this browser draws on a canvas (jsdom does not: the tiles and table show the numbers there). */
function canDraw(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

export function DayChart({ days, series, bars = false }: { days: string[]; series: DaySeries[]; bars?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawable] = useState(canDraw);

  useEffect(() => {
    const target = box.current;
    if (!target || !drawable) return;
    let remove: (() => void) | null = null;
    let gone = false;
    void import('./day-chart-draw.ts').then(({ drawDayChart }) => {
      if (!gone) remove = drawDayChart(target, days, series, bars);
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [days, series, bars, drawable]);

  if (!drawable) return <p className="biuro-muted">{pl.biuroDashboard.noChart}</p>;
  return <div ref={box} className="day-chart" aria-hidden="true" />;
}
