// Days in the application's time zone (the clock itself is the contract's, shared with the web app).

import { toWallClock } from '@promotor/contract/wall-clock';

/** 'YYYY-MM-DD' of the day `offsetDays` from the instant's day in `timeZone`. */
export function wallDate(instant: Date, timeZone: string, offsetDays = 0): string {
  const today = toWallClock(instant, timeZone).slice(0, 10);
  if (offsetDays === 0) return today;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
