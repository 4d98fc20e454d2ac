import { wallDay } from '@promotor/contract/wall-clock';

// spec §3 Sample stats: currentMonth and lastMonth are months of her wall clock in APP_TIMEZONE. A
// registration keeps the wall time it was made at, so a month is a range of that text — from its first
// second to the first second of the next — and a change to or from summer time inside a month, or an
// offset from UTC at its edges, moves nothing across the boundary (decision 060).

export type WallRange = { from: string; to: string };

const monthStart = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return `${d.toISOString().slice(0, 10)} 00:00:00`;
};

/** This month's and last month's ranges of wall time, `to` exclusive. */
export function monthRanges(now: Date, timeZone: string): { currentMonth: WallRange; lastMonth: WallRange } {
  const [year, month] = wallDay(now, timeZone).split('-').map(Number) as [number, number];
  return {
    currentMonth: { from: monthStart(year, month), to: monthStart(year, month + 1) },
    lastMonth: { from: monthStart(year, month - 1), to: monthStart(year, month) },
  };
}
