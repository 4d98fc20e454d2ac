// Wall-clock formatting in the application's time zone (spec §9: 'YYYY-MM-DD HH:mm:ss').

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
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
    formatters.set(timeZone, f);
  }
  return f;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant, as a clock in `timeZone` shows it. */
export function toWallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** 'YYYY-MM-DD' of the day `offsetDays` from the instant's day in `timeZone`. */
export function wallDate(instant: Date, timeZone: string, offsetDays = 0): string {
  const today = toWallClock(instant, timeZone).slice(0, 10);
  if (offsetDays === 0) return today;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
