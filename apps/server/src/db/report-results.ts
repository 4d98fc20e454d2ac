import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

// What a report counts, in SQL, for every summary of the back office (issue 33 item 2, decision 112):
// 'Rejestracje' are the devices and products she registered of the counted brands (spec §3 Sample
// stats: Glo, Vuse, Velo; Veo and Neo samples are stored, not counted), test actions left out — the
// figure her app's stats show. The report list, the report panel and its brand/model table, actions.csv,
// registrations.csv and the dashboard all count with these, so each total is the sum of its lines.

/** The brands the stats count (spec §3 Sample stats, decision 060). */
export const COUNTED_BRANDS = ['Glo', 'Vuse', 'Velo'] as const;

/** The registrations ('Rejestracje') of the promoter `userId` on the action `actionId` (column names, e.g. 's.action_id'). */
export function countedRegistrations(actionId: string, userId: string): RawBuilder<number | string> {
  return sql<number | string>`(select count(*) from lead_items ri inner join leads rl on rl.id = ri.lead_id
    where rl.action_id = ${sql.ref(actionId)} and rl.user_id = ${sql.ref(userId)} and rl.is_test = 0
    and ri.brand in (${sql.join(COUNTED_BRANDS)}))`;
}

/**
 * The report of the promoter `userId` on the action `actionId` is approved: what the brand's viewer may
 * see of its results (lib/client-view.ts). True where `only` is false (everyone else sees everything).
 */
export function approvedReport(actionId: string, userId: string, only: boolean): Expression<SqlBool> {
  if (!only) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`exists (select 1 from report_reviews ar where ar.action_id = ${sql.ref(actionId)}
    and ar.user_id = ${sql.ref(userId)} and ar.state = 'approved')`;
}
