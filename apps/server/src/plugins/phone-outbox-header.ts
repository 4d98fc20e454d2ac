// The X-Outbox header her phone sends on every call (issue 25, decision 091): how many items wait in
// its outbox and when the oldest was queued — `X-Outbox: 3; 2026-12-01T09:14:05.120Z`, or `X-Outbox: 0`
// (`0; ` and `0; -` too) when nothing waits. Anything else is not a report: the call goes on as if the
// header were not there.

export type PhoneOutboxReport = { count: number; oldestAt: string | null };

/** More than any phone can queue: a larger count is not a report. */
export const OUTBOX_COUNT_MAX = 100_000;
/** A phone's clock may run ahead a little; an oldest item further in the future than this is not a report. */
export const OUTBOX_CLOCK_SKEW_MS = 60 * 60_000;
/** Nothing in the outbox is older than the app itself. */
const EARLIEST = Date.parse('2020-01-01T00:00:00Z');

const HEADER = /^\s*(\d{1,6})\s*(?:;\s*(\S*)\s*)?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The report in the header's value, or null when there is none or it is malformed. */
export function parseOutboxHeader(value: string | string[] | undefined, now: Date): PhoneOutboxReport | null {
  if (typeof value !== 'string' || value.length > 100) return null;
  const match = HEADER.exec(value);
  if (!match) return null;
  const count = Number(match[1]);
  const time = match[2] ?? '';
  if (count > OUTBOX_COUNT_MAX) return null;
  if (count === 0) return time === '' || time === '-' ? { count: 0, oldestAt: null } : null;
  // Items waiting: the oldest one's time, if the phone knows it; an unreadable time spoils the report.
  if (time === '' || time === '-') return { count, oldestAt: null };
  if (!ISO_TIME.test(time)) return null;
  const at = Date.parse(time);
  if (Number.isNaN(at) || at < EARLIEST || at > now.getTime() + OUTBOX_CLOCK_SKEW_MS) return null;
  return { count, oldestAt: new Date(at).toISOString() };
}
