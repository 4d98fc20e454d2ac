import { sql } from 'kysely';
import { approvedReport } from '../../db/report-results.ts';
import type { Db } from '../../db/kysely.ts';
import type { TerritoryScope } from '../../db/territory-scope.ts';
import { filteredActions, type ExportFilter, type KeyRange } from './exports.repository.ts';

// hours.csv's SQL (decision 128). Her shifts are her assignments that count — not cancelled by her, on
// an action the organiser did not cancel — of the actions the other exports read for the same filter
// (planned to start in the period, in the caller's territories). The file is one promoter after
// another, so it is paged by promoter (by name, then hostess code): a page holds her whole period and
// her total row is the sum of her day rows in that page.

/** A promoter's place in the file: by last name, first name, then hostess code (unique). */
export type PromoterKey = { lastname: string; firstname: string; ident: string };

/** Her shifts of the filter: assignment, action and promoter joined, cancelled ones left out. */
function shifts(db: Db, f: ExportFilter, scope: TerritoryScope) {
  let q = filteredActions(db, f, scope)
    .innerJoin('action_assignments as s', 's.action_id', 'a.id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.cancelled_at', 'is', null)
    .where('a.global_status', '<>', 'hst_cancelled');
  if (f.promoterIdent) q = q.where('u.ident', '=', f.promoterIdent);
  return q;
}

const promoterKey = ['u.lastname', 'u.firstname', 'u.ident'] as const;

/** The keys of one page of promoters with a shift in the filter, after `after`. */
export function promotersPage(db: Db, f: ExportFilter, scope: TerritoryScope, after: PromoterKey | null, limit: number) {
  let q = shifts(db, f, scope).select(promoterKey).distinct();
  if (after)
    q = q.where(({ eb, refTuple, tuple }) => eb(refTuple(...promoterKey), '>', tuple(after.lastname, after.firstname, after.ident)));
  return q.orderBy('u.lastname').orderBy('u.firstname').orderBy('u.ident').limit(limit).execute();
}

/**
 * The shifts of the page's promoters (a key range, as the other exports' pages): the plan, her status,
 * her first check-in and last check-out as tapped (instants, decision 072) and whether her report is
 * approved (decision 110's `approved`: finished, its review approved).
 */
export function shiftRows(db: Db, f: ExportFilter, scope: TerritoryScope, range: KeyRange<PromoterKey>) {
  const { after, last } = range;
  let q = shifts(db, f, scope).where(({ eb, refTuple, tuple }) =>
    eb(refTuple(...promoterKey), '<=', tuple(last.lastname, last.firstname, last.ident)),
  );
  if (after)
    q = q.where(({ eb, refTuple, tuple }) => eb(refTuple(...promoterKey), '>', tuple(after.lastname, after.firstname, after.ident)));
  return q
    .select([
      'u.id as user_id',
      'u.ident as hostess_code',
      'u.firstname',
      'u.lastname',
      'a.id as action_id',
      'a.ident as action_ident',
      'a.since',
      'a.until',
      's.status',
      's.checked_in_at',
      's.last_status_at',
    ])
    .select(({ selectFrom }) => {
      const taps = (kind: 'check_in' | 'check_out') =>
        selectFrom('action_status_events as ev')
          .whereRef('ev.action_id', '=', 's.action_id')
          .whereRef('ev.user_id', '=', 's.user_id')
          .where('ev.kind', '=', kind);
      return [
        taps('check_in')
          .select((eb) => eb.fn.min('ev.created_at').as('t'))
          .as('check_in_at'),
        taps('check_out')
          .select((eb) => eb.fn.max('ev.created_at').as('t'))
          .as('check_out_at'),
      ];
    })
    .select(sql<number>`(case when ${approvedReport('s.action_id', 's.user_id', true)} then 1 else 0 end)`.as('report_approved'))
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.ident')
    .orderBy('a.since')
    .orderBy('a.id')
    .execute();
}

export type ShiftRow = Awaited<ReturnType<typeof shiftRows>>[number];
