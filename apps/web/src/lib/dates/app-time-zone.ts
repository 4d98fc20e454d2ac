import { instantOfWall, wallDay } from '@promotor/contract/wall-clock';

// "Today" must be the server's today: it decides in its APP_TIMEZONE (default Europe/Warsaw) whether
// an action may start and what the current list holds, so the web app counts days in the same zone
// (VITE_APP_TIMEZONE at build time), never in the phone's. A phone set to another zone, or a promoter
// abroad near midnight, would otherwise see the start button a day early or late.

const DEFAULT_TIME_ZONE = 'Europe/Warsaw';

/** The zone the server counts days in (read on each call, so tests can stub it). */
export const appTimeZone = (): string => import.meta.env.VITE_APP_TIMEZONE ?? DEFAULT_TIME_ZONE;

/** 'YYYY-MM-DD' of `now` in the app's time zone. */
export const appDay = (now: Date, timeZone = appTimeZone()): string => wallDay(now, timeZone);

/** The start of `now`'s day in the app's time zone, as the API writes it: 'YYYY-MM-DD 00:00:00'. */
export const appStartOfDay = (now: Date): string => `${appDay(now)} 00:00:00`;

/** Whole days from `now`'s day to `day` ('YYYY-MM-DD'), both days of the app's time zone (negative: past). */
export function appDaysUntil(day: string, now: Date): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${appDay(now)}T00:00:00Z`)) / 86_400_000);
}

/** The instant the app's day 'YYYY-MM-DD' begins (its midnight in the app's time zone), ISO UTC. */
export const appDayStartInstant = (day: string): string => instantOfWall(`${day} 00:00:00`, appTimeZone()).toISOString();

const formats = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  day: { day: '2-digit', month: '2-digit', year: 'numeric' },
  minute: { dateStyle: 'short', timeStyle: 'short' },
  second: { dateStyle: 'short', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * An instant of the server (ISO) as a person reads it: in the app's time zone, whatever the zone of
 * the browser (issue 33: a coordinator abroad, or a laptop left on UTC, reads Warsaw's dates).
 */
export function appDateText(iso: string, style: keyof typeof STYLES = 'day'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = appTimeZone();
  const key = `${zone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('pl-PL', { ...STYLES[style], timeZone: zone });
    formats.set(key, format);
  }
  return format.format(date);
}
