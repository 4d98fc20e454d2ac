import { AVAILABILITY_MAX_HOUR, AVAILABILITY_MIN_HOUR, CALENDAR_SELECTABLE_MONTHS } from '../constants.ts';
import type { ErrorCode } from '../error-codes.ts';

// spec §5 Availability (hours 6 to 22), §9 (the window: today to the end of the month two months
// ahead). The server refuses with these codes and the calendar checks the same before sending
// (decision 057). Times are the API's wall clock 'YYYY-MM-DD HH:mm:ss', compared as text.

export type AvailabilityRefusal = Extract<
  ErrorCode,
  | 'E_AVAILABILITY_END_NOT_AFTER_START'
  | 'E_AVAILABILITY_SPANS_DAYS'
  | 'E_AVAILABILITY_OUTSIDE_HOURS'
  | 'E_AVAILABILITY_IN_PAST'
  | 'E_AVAILABILITY_OUTSIDE_WINDOW'
>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The list window for a day 'YYYY-MM-DD': its start, and the last second of the month two months ahead. */
export function availabilityWindow(today: string): { since: string; until: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)); // 1–12
  const lastMonthIndex = month - 1 + (CALENDAR_SELECTABLE_MONTHS - 1); // 0-based, may pass December
  const endYear = year + Math.floor(lastMonthIndex / 12);
  const endMonth = (lastMonthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  return { since: `${today} 00:00:00`, until: `${endYear}-${pad(endMonth)}-${pad(lastDay)} 23:59:59` };
}

/** 'YYYY-MM-DD HH:mm:ss' of a day and an hour (6–22). */
export const atHour = (day: string, hour: number) => `${day} ${pad(hour)}:00:00`;

/**
 * Why a block since–until may not be saved at `now` (both wall clock), or null. Overlap with her other
 * blocks is the server's to judge: only it sees them all.
 */
export function availabilityRefusal(since: string, until: string, now: string): AvailabilityRefusal | null {
  if (until <= since) return 'E_AVAILABILITY_END_NOT_AFTER_START';
  if (since.slice(0, 10) !== until.slice(0, 10)) return 'E_AVAILABILITY_SPANS_DAYS';
  const day = since.slice(0, 10);
  if (since < atHour(day, AVAILABILITY_MIN_HOUR) || until > atHour(day, AVAILABILITY_MAX_HOUR)) return 'E_AVAILABILITY_OUTSIDE_HOURS';
  if (since < now) return 'E_AVAILABILITY_IN_PAST';
  if (until > availabilityWindow(now.slice(0, 10)).until) return 'E_AVAILABILITY_OUTSIDE_WINDOW';
  return null;
}
