import { addDays } from './plan-period.ts';

// The days a copy goes to (issue 34, decision 127): chosen one by one, a repeat on weekdays until a
// day, or the weeks after the one shown. Plain 'YYYY-MM-DD' arithmetic, free of the browser's zone.

/** 0 for Monday … 6 for Sunday, as the plan's weeks run. */
export const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Monday to Friday. */
export const WORKDAYS: readonly number[] = [0, 1, 2, 3, 4];

/**
 * The days after `start` up to `until` (included) that fall on one of `weekdays` (0 = Monday). Stops
 * after `limit` days: the server takes a bounded number of copies, and the form says so.
 */
export function repeatDays(start: string, weekdays: readonly number[], until: string, limit = 1000): string[] {
  const days: string[] = [];
  if (weekdays.length === 0) return days;
  for (let day = addDays(start, 1); day <= until && days.length < limit; day = addDays(day, 1)) {
    if (weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** The Mondays of the `weeks` weeks after the one starting on `monday`. */
export const weeksAfter = (monday: string, weeks: number): string[] =>
  Array.from({ length: weeks }, (_, i) => addDays(monday, 7 * (i + 1)));

/** Distinct days in order, without `except` (the day copied from). */
export const chosenDays = (days: readonly string[], except: string): string[] => [...new Set(days)].filter((d) => d !== except).sort();
