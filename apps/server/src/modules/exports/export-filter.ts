import { AppError, refusedTry } from '../../lib/app-error.ts';
import { wallDate } from '../../lib/time.ts';
import type { Db } from '../../db/kysely.ts';
import { allInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { territoryByIdent } from './exports.repository.ts';

// The period and territory of an export or the dashboard (decision 092): days of APP_TIMEZONE's wall
// clock, both included, and a territory the caller may read.

/** Days 'YYYY-MM-DD', both included; `since`/`until`: the wall-clock bounds, until excluded. */
export type Period = { from: string; to: string; since: string; until: string; days: number };

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => addDays(monthStart(addDays(monthStart(day), 31)), -1);

/** Every day of the period in order. */
export function daysOf(period: Pick<Period, 'from' | 'days'>): string[] {
  return Array.from({ length: period.days }, (_, i) => addDays(period.from, i));
}

/**
 * The period asked for; what is missing is one month: none given, the current month (APP_TIMEZONE);
 * only `from`, to the end of its month; only `to`, from the start of its month. Longer than
 * `maxDays` is 422 E_PERIOD_TOO_LONG.
 */
export function periodOf(q: { from?: string | undefined; to?: string | undefined }, today: string, maxDays: number): Period {
  const from = q.from ?? monthStart(q.to ?? today);
  const to = q.to ?? monthEnd(q.from ?? today);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1) throw new AppError('E_VALIDATION', [{ path: 'to', message: 'to must not be before from' }]);
  if (days > maxDays) throw new AppError('E_PERIOD_TOO_LONG', [{ path: 'to', message: `at most ${maxDays} days` }]);
  return { from, to, since: `${from} 00:00:00`, until: `${addDays(to, 1)} 00:00:00`, days };
}

/** Today on the app's wall clock. */
export const today = (now: Date, timezone: string) => wallDate(now, timezone);

/**
 * The territory named by the filter, as its id: unknown, or outside the caller's territories (one answer,
 * decision 109), is 422 E_TERRITORY_NOT_FOUND — never an empty file that looks like a quiet month. The
 * try is in the audit log.
 */
export async function territoryOf(db: Db, ident: string | undefined, scope: TerritoryScope): Promise<string | undefined> {
  if (ident === undefined) return undefined;
  const territory = await territoryByIdent(db, ident);
  if (!territory || !allInScope(scope, [territory.id])) throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: [ident] });
  return territory.id;
}
