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

/** The zone's offset from UTC, known for one quarter of an hour at a time (zones change on those). */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, { quarter: number; offsetMs: number }>();

/**
 * The zone's offset at the instant. Intl's formatToParts costs microseconds, and the server stamps
 * every write with the wall clock (issue 8): it runs once per quarter hour and zone. Offset changes
 * (summer time, and the zones half or three quarters of an hour off) all fall on a quarter hour.
 */
function offsetAt(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const known = offsets.get(timeZone);
  if (known?.quarter === quarter) return known.offsetMs;
  const start = quarter * QUARTER_HOUR_MS;
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(start))
      .map((p) => [p.type, Number(p.value)]),
  );
  const offsetMs = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second) - start;
  offsets.set(timeZone, { quarter, offsetMs });
  return offsetMs;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant, as a clock in `timeZone` shows it. */
export function toWallClock(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const iso = new Date(ms + offsetAt(ms, timeZone)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
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

/**
 * The instant a wall-clock 'YYYY-MM-DD HH:mm:ss' of the zone names (the later one in an autumn's
 * repeated hour; a time skipped in spring lands just after the gap).
 */
export function instantOfWall(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${toWallClock(new Date(instant), timeZone).replace(' ', 'T')}Z`);
    instant -= shown - asUtc;
  }
  return new Date(instant);
}
