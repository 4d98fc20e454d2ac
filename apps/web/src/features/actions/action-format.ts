import type { Action, ActionPoint } from '@promotor/contract';

// spec §2 Actions list: the date as D-M-Y (day and month without leading zeros, as the original's
// moment format 'D-M-Y' prints it) and the times as HH:mm. Dates arrive as 'YYYY-MM-DD HH:mm:ss'.

/** '2026-03-05 08:00:00' → '5-3-2026' */
export function formatDay(dateTime: string): string {
  const [year, month, day] = dateTime.slice(0, 10).split('-');
  return `${Number(day)}-${Number(month)}-${year}`;
}

/** '2026-03-05 08:00:00' → '08:00' */
export const formatTime = (dateTime: string) => dateTime.slice(11, 16);

/** '5-3-2026' and '08:00–22:00'; an action over several days shows both dates. */
export function formatActionTime(action: Action): { day: string; hours: string } {
  const since = action.since.date;
  const until = action.until.date;
  if (since.slice(0, 10) === until.slice(0, 10)) {
    return { day: formatDay(since), hours: `${formatTime(since)}–${formatTime(until)}` };
  }
  return { day: formatDay(since), hours: `${formatTime(since)}–${formatDay(until)} ${formatTime(until)}` };
}

/** A point's address: street, postal code when present, city (spec §2 Action detail). */
export function formatAddress(point: ActionPoint): string {
  const { streetAddress, postalCode, cityName } = point.address;
  return [streetAddress, postalCode ? `${postalCode} ${cityName}` : cityName].filter(Boolean).join(', ');
}

/** The location chooser's line: ID (petraId), name, then the address (spec §2 Popups). */
export function formatPointChoice(point: ActionPoint): string {
  const id = point.point.petraId ? `${point.point.petraId} ` : '';
  return `${id}${point.name}, ${formatAddress(point)}`;
}
