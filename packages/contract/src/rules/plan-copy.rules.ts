// The bounds of scheduling's calls (issue 34, decisions 126 and 127), zod-free: the contract's schemas
// and the back office's forms (which say them before sending) read the same numbers.

/** At most this many copies in one call (actions × days): a bigger plan is a CSV import. */
export const PLAN_COPY_MAX = 200;
export const PLAN_COPY_SOURCES_MAX = 100;
/** How far a copy may move: a year either way. */
export const PLAN_COPY_SHIFT_MAX_DAYS = 366;
/** The schedules beside an action read at most this many days. */
export const SCHEDULE_DAYS_MAX = 7;

/** Whole days from one 'YYYY-MM-DD…' text's date to another's. */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / 86_400_000);
