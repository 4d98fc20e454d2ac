import { wallDay } from '@promotor/contract/wall-clock';

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
