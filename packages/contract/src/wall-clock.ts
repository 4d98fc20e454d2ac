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
  const parts = Object.fromEntries(format(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
