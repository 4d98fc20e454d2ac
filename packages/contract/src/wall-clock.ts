// The wall clock of a time zone, as the API writes times (spec §9: 'YYYY-MM-DD HH:mm:ss'). Shared by
// the server (action times, "today") and the web app (its "today", the error popup's readable time).
// Zod-free, so the web app loads it without the schemas.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant, as a clock in `timeZone` shows it. */
export function toWallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * 'YYYY-MM-DD' of the instant's day in `timeZone`, or of the day `offsetDays` from it: the app's
 * "today" (spec §9 current list, §4 check-in) for the server and the web app alike.
 */
export function wallDay(instant: Date, timeZone: string, offsetDays = 0): string {
  const today = toWallClock(instant, timeZone).slice(0, 10);
  if (offsetDays === 0) return today;
  // Noon UTC of that date: adding whole days never crosses a date boundary, whatever the DST.
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}
