import type { ExpressionBuilder } from 'kysely';
import { WEAK_INTEGRITY_FLAG_KINDS } from '@promotor/contract';
import type { Database, Db } from '../../db/schema.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The plausibility flags as the review reads and closes them (issue 38, decision 138). Every question
// is on the report's (action, promoter): the natural key's index (integrity_flags_natural_key) begins
// with those two columns, so the list's count and filter are indexed correlated subqueries.

type ReportEb = ExpressionBuilder<Database & { s: Database['action_assignments'] }, 's'>;

const openFlagsOf = (eb: ReportEb) =>
  eb
    .selectFrom('integrity_flags as fl')
    .whereRef('fl.action_id', '=', 's.action_id')
    .whereRef('fl.user_id', '=', 's.user_id')
    .where('fl.explained_at', 'is', null);

/** The report's open flags, weak evidence included: the list's column. */
export const openFlagCount = (eb: ReportEb) =>
  openFlagsOf(eb)
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .as('open_flags');

/** 'Do wyjaśnienia': at least one open flag that is not weak evidence. */
export const hasOpenFault = (eb: ReportEb) =>
  eb.exists(openFlagsOf(eb).select('fl.id').where('fl.kind', 'not in', WEAK_INTEGRITY_FLAG_KINDS));

/** A report's flags, oldest first, with the name of who explained each. */
export function reportFlags(db: Db, actionId: string, userId: string) {
  return reportFlagsBase(db)
    .where('fl.action_id', '=', actionId)
    .where('fl.user_id', '=', userId)
    .orderBy('fl.raised_at')
    .orderBy('fl.id')
    .execute();
}

export type ReportFlagRow = Awaited<ReturnType<typeof reportFlags>>[number];

/** A flag with its report's keys, if its action is in the caller's territories and her report is finished. */
export function findFlagInScope(db: Db, scope: TerritoryScope, id: string) {
  return db
    .selectFrom('integrity_flags as fl')
    .innerJoin('action_assignments as s', (j) => j.onRef('s.action_id', '=', 'fl.action_id').onRef('s.user_id', '=', 'fl.user_id'))
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('fl.id', '=', id)
    .where('s.status', '=', 'finished')
    .where('s.cancelled_at', 'is', null)
    .where(territoryInScope('a.territory_id', scope))
    .select(['fl.id', 'fl.kind', 'fl.action_id', 'fl.user_id', 'u.ident as user_ident'])
    .executeTakeFirst();
}

/** Stamps the explanation only on an open flag: of two coordinators at once, one writes it. */
export async function explainOpenFlag(db: Db, id: string, e: { at: string; by: string; note: string }): Promise<boolean> {
  const result = await db
    .updateTable('integrity_flags')
    .set({ explained_at: e.at, explained_by: e.by, explanation: e.note })
    .where('id', '=', id)
    .where('explained_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function flagRow(db: Db, id: string) {
  return reportFlagsBase(db).where('fl.id', '=', id).executeTakeFirstOrThrow();
}

function reportFlagsBase(db: Db) {
  return db
    .selectFrom('integrity_flags as fl')
    .leftJoin('staff as st', 'st.id', 'fl.explained_by')
    .select(['fl.id', 'fl.kind', 'fl.evidence', 'fl.raised_at', 'fl.explained_at', 'fl.explanation'])
    .select(['st.firstname as by_firstname', 'st.lastname as by_lastname', 'st.username as by_username']);
}
