import { daysBetween } from '@promotor/contract/rules';
import { dayOf, timeOf } from './plan-period.ts';

// Where a promoter's blocks and actions sit on the small timeline of a day (decision 126): minutes from
// the first day's midnight, mapped onto a window that holds the usual working hours and everything shown.

type Span = { since: string; until: string };

const minutesOf = (wall: string, firstDay: string): number =>
  daysBetween(firstDay, wall) * 1440 + Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));

export type Timeline = {
  /** Where a span sits, in percent of the bar's width (clipped to the window). */
  place: (span: Span) => { left: number; width: number };
  /** The hour marks under the bar: percent and label. */
  ticks: { at: number; label: string }[];
};

/** The window: 06:00–22:00 of the days read, widened to hold every span given. */
export function timelineOf(days: Span, spans: readonly Span[]): Timeline {
  const firstDay = dayOf(days.since);
  const lastDay = dayOf(days.until);
  const bounds = spans.map((s) => [minutesOf(s.since, firstDay), minutesOf(s.until, firstDay)] as const);
  const lastDayStart = minutesOf(`${lastDay} 00:00:00`, firstDay);
  const start = Math.max(0, Math.floor(Math.min(6 * 60, ...bounds.map(([a]) => a)) / 60) * 60);
  const end = Math.min(lastDayStart + 1440, Math.ceil(Math.max(lastDayStart + 22 * 60, ...bounds.map(([, b]) => b)) / 60) * 60);
  const percent = (minutes: number) => ((Math.min(Math.max(minutes, start), end) - start) / (end - start)) * 100;
  const place = (span: Span) => {
    const left = percent(minutesOf(span.since, firstDay));
    return { left, width: Math.max(percent(minutesOf(span.until, firstDay)) - left, 0.5) };
  };
  const step = end - start > 1440 ? 720 : end - start > 12 * 60 ? 180 : 120;
  const ticks = [];
  for (let m = Math.ceil(start / step) * step; m <= end; m += step) {
    ticks.push({ at: percent(m), label: `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:00` });
  }
  return { place, ticks };
}

/** '08:00–14:00' for a span within a day, with the end's day when it ends on another. */
export const spanText = (span: Span): string =>
  `${timeOf(span.since)}–${dayOf(span.until) !== dayOf(span.since) ? `${dayOf(span.until).slice(8, 10)}.${dayOf(span.until).slice(5, 7)} ` : ''}${timeOf(span.until)}`;
