// The period the plan shows (issue 24 "a week/month table"): a week from Monday, or a calendar month,
// around the day in the address (?okres=miesiac&dzien=2026-12-10). Days are the API's wall-clock days
// in APP_TIMEZONE; plain date arithmetic on 'YYYY-MM-DD' keeps them free of the browser's zone.

export type PeriodKind = 'tydzien' | 'miesiac';
export type Period = { kind: PeriodKind; first: string; last: string };

const pad = (n: number) => String(n).padStart(2, '0');
const toDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const fromDay = (day: string) => new Date(`${day}T00:00:00Z`);
export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(fromDay(text).getTime());

export function addDays(day: string, days: number): string {
  const date = fromDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** The week (Monday to Sunday) or month that holds `day`. */
export function periodOf(kind: PeriodKind, day: string): Period {
  const date = fromDay(day);
  if (kind === 'miesiac') {
    const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
    return { kind, first: toDay(first), last: toDay(last) };
  }
  const mondayOffset = (date.getUTCDay() + 6) % 7;
  const first = addDays(day, -mondayOffset);
  return { kind, first, last: addDays(first, 6) };
}

/** A day in the period before or after (the arrows). */
export function shiftPeriod(period: Period, direction: -1 | 1): string {
  if (period.kind === 'tydzien') return addDays(period.first, 7 * direction);
  const date = fromDay(period.first);
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + direction, 1)));
}

/** The list call's since/until: from the first day's midnight to the midnight after the last. */
export const periodBounds = (period: Period) => ({ since: `${period.first} 00:00:00`, until: `${addDays(period.last, 1)} 00:00:00` });

/** 'YYYY-MM-DD HH:mm:ss' → its day and 'HH:mm'. */
export const dayOf = (dateTime: string) => dateTime.slice(0, 10);
export const timeOf = (dateTime: string) => dateTime.slice(11, 16);

/** How a period reads in its heading: '1–7.12.2026' or 'grudzień 2026'. */
export function periodLabel(period: Period): string {
  const [y, m, d] = period.first.split('-');
  const [ly, lm, ld] = period.last.split('-');
  if (period.kind === 'miesiac') {
    return new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleDateString('pl-PL', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  }
  return `${Number(d)}.${m}${ly !== y ? `.${y}` : ''} – ${Number(ld)}.${lm}.${ly}`;
}

/** A day as the plan's table shows it: 'sob., 28.11'. */
export const dayLabel = (day: string): string =>
  fromDay(day).toLocaleDateString('pl-PL', { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' });
