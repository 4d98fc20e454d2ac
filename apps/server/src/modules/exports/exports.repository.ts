import type { ActionState } from '@promotor/contract/rules';
import { stateOfAction } from '../../db/action-state.ts';
import { approvedReport, COUNTED_BRANDS, countedRegistrations } from '../../db/report-results.ts';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The exports' SQL (decision 092). A file is read in pages by keyset (the last row's sort key), each a
// short query on its own: the database connection is free between pages (SQLite has one), memory holds
// one page, and a page costs the same at row 1 as at row 100,000. The caller's scope is in every query.

export { COUNTED_BRANDS };

export type ExportFilter = {
  /** Wall-clock bounds, until excluded. */
  since: string;
  until: string;
  territoryId?: string | undefined;
  eventIdent?: string | undefined;
  promoterIdent?: string | undefined;
  /** The action's status (decision 110). */
  status?: ActionState | undefined;
  /** Registrations and codes of approved reports only (the brand's viewer, lib/client-view.ts). */
  approvedOnly?: boolean | undefined;
};

export function territoryByIdent(db: Db, ident: string) {
  return db.selectFrom('territories').select(['id', 'ident']).where('ident', '=', ident).executeTakeFirst();
}

export type ActionKey = { since: string; id: string };
/** A page of the file: the rows after `after` (none: from the start) up to and including `last`. */
export type KeyRange<K> = { after: K | null; last: K };

/**
 * The actions of the filter, every filter a condition on `actions` alone (EXISTS rather than a join):
 * the database then walks the planned-start index in order; a join could make it start from a small
 * table and sort everything after the key on every page.
 */
export function filteredActions(db: Db, f: ExportFilter, scope: TerritoryScope) {
  let q = db
    .selectFrom('actions as a')
    .where(territoryInScope('a.territory_id', scope))
    .where('a.since', '>=', f.since)
    .where('a.since', '<', f.until);
  if (f.territoryId) q = q.where('a.territory_id', '=', f.territoryId);
  const status = f.status;
  if (status) q = q.where((eb) => eb(stateOfAction(), '=', status));
  const { eventIdent, promoterIdent } = f;
  if (eventIdent) {
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('events as e').select('e.id').whereRef('e.id', '=', 'a.event_id').where('e.ident', '=', eventIdent)),
    );
  }
  if (promoterIdent) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('action_assignments as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select('s.action_id')
          .whereRef('s.action_id', '=', 'a.id')
          .where('u.ident', '=', promoterIdent),
      ),
    );
  }
  return q;
}

/** The filter's actions in the page's key range. Each key's own bound too: PostgreSQL reads an index range from `since`, not from a row value. */
function actionsInRange(db: Db, f: ExportFilter, scope: TerritoryScope, range: KeyRange<ActionKey>) {
  const { after, last } = range;
  let q = filteredActions(db, f, scope)
    .where('a.since', '<=', last.since)
    .where(({ eb, refTuple, tuple }) => eb(refTuple('a.since', 'a.id'), '<=', tuple(last.since, last.id)));
  if (after)
    q = q
      .where('a.since', '>=', after.since)
      .where(({ eb, refTuple, tuple }) => eb(refTuple('a.since', 'a.id'), '>', tuple(after.since, after.id)));
  return q;
}

/** The keys of one page of the actions planned to start in the period (by planned start, then id), after `after`. */
export function actionsPage(db: Db, f: ExportFilter, scope: TerritoryScope, after: ActionKey | null, limit: number) {
  let q = filteredActions(db, f, scope).select(['a.id', 'a.since']);
  if (after)
    q = q
      .where('a.since', '>=', after.since)
      .where(({ eb, refTuple, tuple }) => eb(refTuple('a.since', 'a.id'), '>', tuple(after.since, after.id)));
  return q.orderBy('a.since').orderBy('a.id').limit(limit).execute();
}

/**
 * actions.csv: each action of the page once per promoter assigned (an action without one: one row with
 * her cells empty; with a promoter filter, only hers), with her tapped start and end, her report's
 * review, her registrations and codes. The page is a key range, not a list of ids: a few parameters,
 * whatever the page's size, and an index range the database reads in order.
 */
export function actionRows(db: Db, f: ExportFilter, scope: TerritoryScope, range: KeyRange<ActionKey>) {
  let q = actionsInRange(db, f, scope, range)
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .leftJoin('action_assignments as s', 's.action_id', 'a.id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('report_reviews as r', (join) => join.onRef('r.action_id', '=', 's.action_id').onRef('r.user_id', '=', 's.user_id'))
    .select([
      'a.id',
      'a.ident',
      'a.name',
      'a.since',
      'a.until',
      'a.global_status',
      'e.ident as event_ident',
      't.ident as territory_ident',
      'u.ident as hostess_code',
      'u.firstname',
      'u.lastname',
      's.status',
      's.cancelled_at',
      'r.state as review_state',
    ])
    .select(stateOfAction().as('action_state'))
    .select(({ selectFrom }) => [
      selectFrom('action_points as p')
        .select('p.name')
        .whereRef('p.action_id', '=', 'a.id')
        .orderBy('p.position')
        .limit(1)
        .as('point_name'),
      selectFrom('action_points as p')
        .select('p.city_name')
        .whereRef('p.action_id', '=', 'a.id')
        .orderBy('p.position')
        .limit(1)
        .as('point_city'),
      selectFrom('action_status_events as ev')
        .select((eb) => eb.fn.min('ev.wall_time').as('t'))
        .whereRef('ev.action_id', '=', 's.action_id')
        .whereRef('ev.user_id', '=', 's.user_id')
        .where('ev.kind', '=', 'check_in')
        .as('started_at'),
      selectFrom('action_status_events as ev')
        .select((eb) => eb.fn.max('ev.wall_time').as('t'))
        .whereRef('ev.action_id', '=', 's.action_id')
        .whereRef('ev.user_id', '=', 's.user_id')
        .where('ev.kind', '=', 'check_out')
        .as('ended_at'),
      // 'Rejestracje' as every summary counts them (decision 112): the sum of her lines in registrations.csv.
      countedRegistrations('s.action_id', 's.user_id').as('registrations'),
      selectFrom('vouchers as v')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .whereRef('v.redeemed_action_id', '=', 's.action_id')
        .whereRef('v.redeemed_by', '=', 's.user_id')
        .as('codes'),
    ]);
  if (f.promoterIdent) q = q.where('u.ident', '=', f.promoterIdent);
  return q.orderBy('a.since').orderBy('a.id').orderBy('u.lastname').orderBy('u.firstname').orderBy('u.ident').execute();
}

export type ActionRow = Awaited<ReturnType<typeof actionRows>>[number];

/** registrations.csv: the page's registrations (not on a test action) per action, promoter, brand and model. */
export function registrationRows(db: Db, f: ExportFilter, scope: TerritoryScope, range: KeyRange<ActionKey>) {
  let q = actionsInRange(db, f, scope, range)
    .innerJoin('leads as l', 'l.action_id', 'a.id')
    .innerJoin('lead_items as i', 'i.lead_id', 'l.id')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.is_test', '=', 0)
    .where('i.brand', 'in', COUNTED_BRANDS)
    .where(approvedReport('l.action_id', 'l.user_id', Boolean(f.approvedOnly)))
    .select([
      'a.id',
      'a.ident',
      'a.name',
      'a.since',
      'e.ident as event_ident',
      't.ident as territory_ident',
      'u.ident as hostess_code',
      'u.firstname',
      'u.lastname',
      'i.brand',
      'i.model',
    ])
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .groupBy([
      'a.id',
      'a.ident',
      'a.name',
      'a.since',
      'e.ident',
      't.ident',
      'u.id',
      'u.ident',
      'u.firstname',
      'u.lastname',
      'i.brand',
      'i.model',
    ]);
  if (f.promoterIdent) q = q.where('u.ident', '=', f.promoterIdent);
  return q.orderBy('a.since').orderBy('a.id').orderBy('u.ident').orderBy('i.brand').orderBy('i.model').execute();
}

export type RegistrationRow = Awaited<ReturnType<typeof registrationRows>>[number];

export type RedemptionKey = { time: string; id: string };

/**
 * The codes handed out in the period (by the time she entered), every filter a condition on `vouchers`
 * alone (as filteredActions). A code is the territory's of the action it was handed out on; one handed
 * out outside an action is seen only by those who see every territory, and only without a territory
 * or status filter.
 */
function filteredRedemptions(db: Db, f: ExportFilter, scope: TerritoryScope) {
  let q = db
    .selectFrom('vouchers as v')
    .where('v.redeemed_date_time', '>=', f.since)
    .where('v.redeemed_date_time', '<', f.until)
    // A code handed out outside an action has no report: never one of an approved report.
    .where(approvedReport('v.redeemed_action_id', 'v.redeemed_by', Boolean(f.approvedOnly)));
  const { territoryId, status, eventIdent, promoterIdent } = f;
  if (!scope.everywhere || territoryId || status) {
    q = q.where(({ exists, selectFrom }) => {
      let action = selectFrom('actions as a')
        .select('a.id')
        .whereRef('a.id', '=', 'v.redeemed_action_id')
        .where(territoryInScope('a.territory_id', scope));
      if (territoryId) action = action.where('a.territory_id', '=', territoryId);
      if (status) action = action.where((eb) => eb(stateOfAction(), '=', status));
      return exists(action);
    });
  }
  if (eventIdent) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('voucher_batches as b')
          .innerJoin('events as e', 'e.id', 'b.event_id')
          .select('b.id')
          .whereRef('b.id', '=', 'v.batch_id')
          .where('e.ident', '=', eventIdent),
      ),
    );
  }
  if (promoterIdent) {
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('users as u').select('u.id').whereRef('u.id', '=', 'v.redeemed_by').where('u.ident', '=', promoterIdent)),
    );
  }
  return q;
}

/** The keys of one page of the codes (by the time she entered, then id), after `after`. */
export function redemptionsPage(db: Db, f: ExportFilter, scope: TerritoryScope, after: RedemptionKey | null, limit: number) {
  let q = filteredRedemptions(db, f, scope).select(['v.id', 'v.redeemed_date_time']);
  if (after)
    q = q
      .where('v.redeemed_date_time', '>=', after.time)
      .where(({ eb, refTuple, tuple }) => eb(refTuple('v.redeemed_date_time', 'v.id'), '>', tuple(after.time, after.id)));
  return q.orderBy('v.redeemed_date_time').orderBy('v.id').limit(limit).execute();
}

/** redemptions.csv: the page's codes (a key range, as actionRows) with what the file shows of each. */
export function redemptionRows(db: Db, f: ExportFilter, scope: TerritoryScope, range: KeyRange<RedemptionKey>) {
  const { after, last } = range;
  let q = filteredRedemptions(db, f, scope)
    .where('v.redeemed_date_time', '<=', last.time)
    .where(({ eb, refTuple, tuple }) => eb(refTuple('v.redeemed_date_time', 'v.id'), '<=', tuple(last.time, last.id)));
  if (after)
    q = q
      .where('v.redeemed_date_time', '>=', after.time)
      .where(({ eb, refTuple, tuple }) => eb(refTuple('v.redeemed_date_time', 'v.id'), '>', tuple(after.time, after.id)));
  return q
    .innerJoin('voucher_batches as b', 'b.id', 'v.batch_id')
    .innerJoin('events as e', 'e.id', 'b.event_id')
    .leftJoin('users as u', 'u.id', 'v.redeemed_by')
    .leftJoin('actions as a', 'a.id', 'v.redeemed_action_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .select([
      'v.id',
      'v.redeemed_date_time',
      'e.ident as event_ident',
      'b.ident as batch_ident',
      'v.ident as code',
      'u.ident as hostess_code',
      'a.ident as action_ident',
      't.ident as territory_ident',
    ])
    .orderBy('v.redeemed_date_time')
    .orderBy('v.id')
    .execute();
}

export type RedemptionRow = Awaited<ReturnType<typeof redemptionRows>>[number];
