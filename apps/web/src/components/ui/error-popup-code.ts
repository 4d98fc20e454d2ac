import { toWallClock } from '@promotor/contract/wall-clock';
import { appTimeZone } from '../../lib/dates/app-time-zone.ts';

// The error popup's 'Kod błędu:' is mostly meta.ts, an ISO-8601 UTC time with milliseconds
// ('2026-11-23T13:05:09.123Z'): exact, but hard to read out over the phone, and it wrapped at a hyphen
// on a narrow screen. It is shown as the local time in the app's zone (what the promoter's own clock
// said), with the exact value kept under it for support
// (docs/decisions/045-offline-signal-and-error-code.md).

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** '23.11.2026 14:05:09' for an ISO UTC meta.ts, in the app's time zone; null for anything else (an E_… code). */
export function readableTs(code: string, timeZone = appTimeZone()): string | null {
  if (!ISO_UTC.test(code)) return null;
  const date = new Date(code);
  if (Number.isNaN(date.getTime())) return null;
  const [day, time] = toWallClock(date, timeZone).split(' ');
  const [year, month, dayOfMonth] = day!.split('-');
  return `${dayOfMonth}.${month}.${year} ${time}`;
}
