import {
  AVAILABILITY_MAX_HOUR,
  AVAILABILITY_MIN_HOUR,
  CALENDAR_PX_PER_HOUR,
  CALENDAR_SELECTABLE_MONTHS,
} from '@promotor/contract/constants';
import * as pl from '../../i18n/pl.ts';

// Days are the API's wall-clock days 'YYYY-MM-DD' (the server's zone); they are counted as UTC dates,
// so a phone's own zone or a change to summer time never shifts a column.

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** The hour cells' starts: 6 … 21 (the last cell ends at 22:00, spec §9). */
export const HOURS = Array.from({ length: AVAILABILITY_MAX_HOUR - AVAILABILITY_MIN_HOUR }, (_, i) => AVAILABILITY_MIN_HOUR + i);

export const hourLabel = (hour: number) => `${pad(hour)}:00`;

/** 'wtorek, 24 listopada' — a column's full name, for the cells' accessible names. */
export function dayName(day: string): string {
  const date = toDate(day);
  return `${pl.calendar.weekday(date.getUTCDay())} ${date.getUTCDate()} ${pl.calendar.monthOf(date.getUTCMonth())}`;
}

/** 'wt 24.11' — a column's heading. */
export function dayHeading(day: string): { weekday: string; date: string } {
  const date = toDate(day);
  return { weekday: pl.calendar.weekdayShort(date.getUTCDay()), date: `${date.getUTCDate()}.${pad(date.getUTCMonth() + 1)}` };
}

export type CalendarMonth = { key: string; label: string; firstDay: string };

/** spec §2, §9: the current month and the next two, each from its first day ('listopad 2025'). */
export function selectableMonths(today: string): CalendarMonth[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: CALENDAR_SELECTABLE_MONTHS }, (_, i) => {
    const y = year + Math.floor((month + i) / 12);
    const m = (month + i) % 12;
    return { key: `${y}-${pad(m + 1)}`, label: `${pl.calendar.month(m)} ${y}`, firstDay: `${y}-${pad(m + 1)}-01` };
  });
}

/**
 * The first shown day, kept within today … lastDay so that a full set of columns shows when it can
 * (past days are not shown: nothing can be added to them, decision 059).
 */
export function clampStart(start: string, count: number, today: string, lastDay: string): string {
  const latest = addDays(lastDay, -(count - 1));
  const bounded = start > latest ? latest : start;
  return bounded < today ? today : bounded;
}

/** `count` days from `start`, none after lastDay. */
export function daysFrom(start: string, count: number, lastDay: string): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i)).filter((day) => day <= lastDay);
}

const minutesOf = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));

export type Placement = { top: number; height: number; from: string; to: string };

/**
 * Where a range since–until ('YYYY-MM-DD HH:mm:ss') sits in a day's column at 40 px per hour, cut to the
 * grid's 06:00–22:00; null when none of it falls on that part of the day. `from`/`to` are its shown times.
 */
export function placeOnDay(since: string, until: string, day: string): Placement | null {
  const gridStart = AVAILABILITY_MIN_HOUR * 60;
  const gridEnd = AVAILABILITY_MAX_HOUR * 60;
  const start = since.slice(0, 10) < day ? gridStart : since.slice(0, 10) > day ? Infinity : Math.max(gridStart, minutesOf(since));
  const end = until.slice(0, 10) > day ? gridEnd : until.slice(0, 10) < day ? -Infinity : Math.min(gridEnd, minutesOf(until));
  if (!(end > start)) return null;
  const time = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  const perMinute = CALENDAR_PX_PER_HOUR / 60;
  return { top: (start - gridStart) * perMinute, height: (end - start) * perMinute, from: time(start), to: time(end) };
}

/**
 * Side-by-side lanes for her actions on one day (they may overlap each other). Ranges that overlap,
 * directly or through another, form a group; each gets the first lane free at its start, and `lanes` is
 * how many its group needs, so an action that overlaps nothing keeps the whole width (issue 20 item 8:
 * two actions in four lanes were thin bars without text).
 */
export function laneOf<T extends { place: Placement }>(items: T[]): { item: T; lane: number; lanes: number }[] {
  const laned: { item: T; lane: number; lanes: number }[] = [];
  let group: { item: T; lane: number; lanes: number }[] = [];
  let ends: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => group.forEach((entry) => (entry.lanes = ends.length));
  for (const item of [...items].sort((a, b) => a.place.top - b.place.top)) {
    const { top, height } = item.place;
    if (top >= groupEnd) {
      closeGroup();
      group = [];
      ends = [];
    }
    groupEnd = group.length === 0 ? top + height : Math.max(groupEnd, top + height);
    let lane = ends.findIndex((end) => end <= top);
    if (lane === -1) lane = ends.length;
    ends[lane] = top + height;
    const entry = { item, lane, lanes: 0 };
    group.push(entry);
    laned.push(entry);
  }
  closeGroup();
  return laned;
}
