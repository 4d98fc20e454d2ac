import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { ACTION_STATE_RULE, type ActionFact, type ActionState, type ActionStateCondition } from '@promotor/contract/rules';

// An action's status in SQL (decision 110): the contract's rule (ACTION_STATE_RULE) compiled to one
// CASE over the action's facts, so that Plan's filter, the exports' filter and the dashboard's counts
// read the same status as every answer that shows it. Nothing here decides a status: a change of the
// rule is a change of the contract's table, and the table of cases tests both readings.

export type ActionFactsSql = Record<ActionFact, Expression<unknown>>;

/**
 * The facts of the action whose id is the column `actionId` and whose organiser's status is the column
 * `globalStatus` (e.g. 'a.id', 'a.global_status'): correlated counts of its assignments that count
 * (not cancelled by her), read along the assignments' primary key.
 */
export function actionFactsOf(actionId: string, globalStatus: string): ActionFactsSql {
  const counted = (condition: RawBuilder<unknown> | null, withReview = false) =>
    sql<number>`(select count(*) from action_assignments fs ${
      withReview ? sql`inner join report_reviews fr on fr.action_id = fs.action_id and fr.user_id = fs.user_id ` : sql``
    }where fs.action_id = ${sql.ref(actionId)} and fs.cancelled_at is null${condition ? sql` and ${condition}` : sql``})`;
  return {
    cancelled: sql<number>`(case when ${sql.ref(globalStatus)} = 'hst_cancelled' then 1 else 0 end)`,
    assigned: counted(null),
    begun: counted(sql`fs.status is not null`),
    finished: counted(sql`fs.status = 'finished'`),
    approved: counted(sql`fs.status = 'finished' and fr.state = 'approved'`, true),
  };
}

const condition = (facts: ActionFactsSql, [left, op, right]: ActionStateCondition) => {
  const term = (t: ActionFact | number) => (typeof t === 'number' ? sql.lit(t) : facts[t]);
  return sql<SqlBool>`${term(left)} ${sql.raw(op)} ${term(right)}`;
};

/** The status (one of ACTION_STATES) of the action with these facts, as the rule gives it. */
export function actionStateSql(facts: ActionFactsSql): RawBuilder<ActionState> {
  const lines = ACTION_STATE_RULE.filter((line) => line.when.length > 0).map(
    (line) =>
      sql`when ${sql.join(
        line.when.map((c) => condition(facts, c)),
        sql` and `,
      )} then ${sql.lit(line.state)}`,
  );
  const otherwise = ACTION_STATE_RULE.find((line) => line.when.length === 0)?.state ?? 'planned';
  return sql<ActionState>`(case ${sql.join(lines, sql` `)} else ${sql.lit(otherwise)} end)`;
}

/** The status of the action `a` (the usual alias): its id 'a.id' and organiser's status 'a.global_status'. */
export const stateOfAction = (alias = 'a') => actionStateSql(actionFactsOf(`${alias}.id`, `${alias}.global_status`));
