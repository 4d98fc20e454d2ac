import type { ExpressionBuilder } from 'kysely';
import type { ReportReviewState } from '@promotor/contract';
import type { ActionState } from '@promotor/contract/rules';
import { stateOfAction } from '../../db/action-state.ts';
import { COUNTED_BRANDS, countedRegistrations } from '../../db/report-results.ts';
import type { Database, Db, ReportReviewEventTable, ReportReviewTable } from '../../db/schema.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { hasOpenFault, openFlagCount } from './report-flags.repository.ts';

// The report review's SQL (issue 25, decision 090). A report is an assignment she has finished (and
// not cancelled) of an action in the caller's territories: the scope is a condition of each query.

type ReportEb = ExpressionBuilder<Database & { s: Database['action_assignments'] }, 's'>;

/** Her tapped times, the counts of the list: correlated subqueries on the report's action and promoter. */
function reportFigures(eb: ReportEb) {
  const events = (kind: 'check_in' | 'check_out') =>
    eb
      .selectFrom('action_status_events as ev')
      .whereRef('ev.action_id', '=', 's.action_id')
      .whereRef('ev.user_id', '=', 's.user_id')
      .where('ev.kind', '=', kind);
  return [
    events('check_in')
      .select((e) => e.fn.min('ev.wall_time').as('v'))
      .as('start_wall'),
    events('check_out')
      .select((e) => e.fn.max('ev.wall_time').as('v'))
      .as('end_wall'),
    events('check_out')
      .select((e) => e.fn.max('ev.created_at').as('v'))
      .as('checked_out_at'),
    // 'Rejestracje' as every summary counts them (decision 112): the sum of registrationsByModel.
    countedRegistrations('s.action_id', 's.user_id').as('registrations'),
    eb
      .selectFrom('vouchers as v')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .whereRef('v.redeemed_action_id', '=', 's.action_id')
      .whereRef('v.redeemed_by', '=', 's.user_id')
      .as('codes'),
    eb
      .selectFrom('action_files as f')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .whereRef('f.action_id', '=', 's.action_id')
      .whereRef('f.user_id', '=', 's.user_id')
      .where('f.flagged_at', 'is not', null)
      .as('flagged'),
    openFlagCount(eb),
  ];
}

function reportsInScope(db: Db, scope: TerritoryScope) {
  return db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .leftJoin('report_reviews as r', (j) => j.onRef('r.action_id', '=', 's.action_id').onRef('r.user_id', '=', 's.user_id'))
    .where('s.status', '=', 'finished')
    .where('s.cancelled_at', 'is', null)
    .where(territoryInScope('a.territory_id', scope));
}

const reportColumns = [
  'a.id as action_id',
  'a.ident as action_ident',
  'a.name as action_name',
  'a.since',
  'a.until',
  'a.global_status',
  't.ident as territory_ident',
  't.name as territory_name',
  'e.ident as event_ident',
  'e.name as event_name',
  'u.id as user_id',
  'u.ident as user_ident',
  'u.firstname',
  'u.lastname',
  's.last_status_at',
  'r.state',
  'r.submitted_at',
] as const;

export type ReportListFilter = {
  /** Wall-clock bounds of the planned start, both included. */
  since: string;
  until: string;
  territoryIdent?: string;
  state?: ReportReviewState;
  eventIdent?: string;
  promoterIdent?: string;
  /** 'Do wyjaśnienia' (issue 38): an open flag that is not weak evidence. */
  flagged?: boolean;
};

function filtered(db: Db, scope: TerritoryScope, f: ReportListFilter) {
  let q = reportsInScope(db, scope).where('a.since', '>=', f.since).where('a.since', '<=', f.until);
  if (f.territoryIdent) q = q.where('t.ident', '=', f.territoryIdent);
  if (f.eventIdent) q = q.where('e.ident', '=', f.eventIdent);
  if (f.promoterIdent) q = q.where('u.ident', '=', f.promoterIdent);
  if (f.flagged) q = q.where(hasOpenFault);
  const state = f.state;
  // No review row yet: the report is submitted.
  if (state === 'submitted') q = q.where((eb) => eb.or([eb('r.state', 'is', null), eb('r.state', '=', 'submitted')]));
  else if (state) q = q.where('r.state', '=', state);
  return q;
}

export async function listReports(db: Db, scope: TerritoryScope, f: ReportListFilter, page: { limit: number; offset: number }) {
  const rows = await filtered(db, scope, f)
    .select(reportColumns)
    .select(stateOfAction().as('action_state'))
    .select(reportFigures)
    .orderBy('a.since', 'desc')
    .orderBy('a.id')
    .orderBy('u.ident')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export type ReportRow = Awaited<ReturnType<typeof listReports>>['rows'][number];

/** One report of the scope: the action and her hostess code; undefined when there is none to see. */
export async function findReport(db: Db, scope: TerritoryScope, actionId: string, promoterIdent: string): Promise<ReportRow | undefined> {
  return reportsInScope(db, scope)
    .where('a.id', '=', actionId)
    .where('u.ident', '=', promoterIdent)
    .select(reportColumns)
    .select(stateOfAction().as('action_state'))
    .select(reportFigures)
    .executeTakeFirst();
}

/** More would not be read on a phone's list; a real month sends back a handful. */
const REPORTS_TO_FIX_MAX = 50;

/** Her reports sent back for correction (issue 33 item 18), the latest request first. */
export function reportsToFix(db: Db, userId: string) {
  return db
    .selectFrom('report_reviews as rr')
    .innerJoin('actions as a', 'a.id', 'rr.action_id')
    .innerJoin('action_assignments as s', (j) => j.onRef('s.action_id', '=', 'rr.action_id').onRef('s.user_id', '=', 'rr.user_id'))
    .where('rr.user_id', '=', userId)
    .where('rr.state', '=', 'changes_requested')
    .where('s.cancelled_at', 'is', null)
    .select(['a.id', 'a.name', 'a.since', 'rr.note', 'rr.reason'])
    .orderBy('rr.updated_at', 'desc')
    .orderBy('a.id')
    .limit(REPORTS_TO_FIX_MAX)
    .execute();
}

// ── the state machine's writes: each conditional on the state the service saw ──

export function findReview(db: Db, actionId: string, userId: string) {
  return db.selectFrom('report_reviews').selectAll().where('action_id', '=', actionId).where('user_id', '=', userId).executeTakeFirst();
}

/** The report's row in state 'submitted' unless it has one (a race's second insert does nothing). */
export async function ensureReview(db: Db, row: Pick<ReportReviewTable, 'action_id' | 'user_id' | 'submitted_at' | 'updated_at'>) {
  await db
    .insertInto('report_reviews')
    .values({ ...row, state: 'submitted', reason: null, note: null, reviewed_at: null, reviewed_by: null })
    .onConflict((oc) => oc.columns(['action_id', 'user_id']).doNothing())
    .execute();
}

/** Moves the report on only if it is still in `from`: of two racing reviewers one wins. */
export async function moveReview(
  db: Db,
  key: { actionId: string; userId: string; from: ReportReviewTable['state'] },
  set: Partial<Omit<ReportReviewTable, 'action_id' | 'user_id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('report_reviews')
    .set(set)
    .where('action_id', '=', key.actionId)
    .where('user_id', '=', key.userId)
    .where('state', '=', key.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReviewEvent(db: Db, row: ReportReviewEventTable): Promise<void> {
  await db.insertInto('report_review_events').values(row).execute();
}

export function reviewEvents(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('report_review_events')
    .selectAll()
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

// Serialises the reviews of one action inside a transaction: two promoters' reports approved at once
// would each see the other's as not yet approved (PostgreSQL's read committed) and neither would accept
// the action. The one lock of an action's writers (db/lock-action.ts), the office's and her phone's.
export { lockAction } from '../../db/lock-action.ts';

/**
 * The action's status now (decision 110): 'approved' once every promoter who counts has finished and
 * her report is approved — derived, never written, so it cannot lag behind a review.
 */
export async function actionStateOf(db: Db, actionId: string): Promise<ActionState> {
  const row = await db
    .selectFrom('actions as a')
    .select(stateOfAction().as('state'))
    .where('a.id', '=', actionId)
    .executeTakeFirstOrThrow();
  return row.state;
}

// ── what a report's detail reads ──

export function pointsOf(db: Db, actionId: string) {
  return db
    .selectFrom('action_points')
    .select(['id', 'name', 'latitude', 'longitude'])
    .where('action_id', '=', actionId)
    .orderBy('position')
    .execute();
}

export function statusEventsOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_status_events')
    .select(['kind', 'action_point_id', 'latitude', 'longitude', 'wall_time', 'created_at'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('kind')
    .orderBy('id')
    .execute();
}

export function filesOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_files')
    .select(['id', 'ident', 'created_at', 'flagged_at'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('ident')
    .orderBy('position')
    .execute();
}

export function receiptsOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_receipts')
    .select(['id', 'device_serial', 'device_beacon', 'image_removed_at'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function pollsOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('poll_answers')
    .select(['ident', 'content'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('ident')
    .execute();
}

export function surveyOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_surveys')
    .select(['chechboxes', 'text'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Her registrations of the action per brand and model (counted brands, test registrations left out; decision 112): counts only. */
export async function registrationsByModel(db: Db, actionId: string, userId: string) {
  const rows = await db
    .selectFrom('lead_items as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .where('l.action_id', '=', actionId)
    .where('l.user_id', '=', userId)
    .where('l.is_test', '=', 0)
    .where('i.brand', 'in', COUNTED_BRANDS)
    .select(['i.brand', 'i.model'])
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .groupBy(['i.brand', 'i.model'])
    .orderBy('i.brand')
    .orderBy('i.model')
    .execute();
  return rows.map((r) => ({ brand: r.brand, model: r.model, count: Number(r.n) }));
}

// ── a report's stored photos: found through the report they belong to, in the scope ──

/** A stored file (a photo or a receipt) with the report it belongs to, if that report is in the scope. */
export async function findFileInScope(db: Db, scope: TerritoryScope, table: 'action_files' | 'action_receipts', id: string) {
  return db
    .selectFrom(`${table} as f` as 'action_files as f')
    .innerJoin('action_assignments as s', (j) => j.onRef('s.action_id', '=', 'f.action_id').onRef('s.user_id', '=', 'f.user_id'))
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('report_reviews as r', (j) => j.onRef('r.action_id', '=', 's.action_id').onRef('r.user_id', '=', 's.user_id'))
    .where('f.id', '=', id)
    .where('s.status', '=', 'finished')
    .where('s.cancelled_at', 'is', null)
    .where(territoryInScope('a.territory_id', scope))
    .select(['f.id', 'f.blob_key', 'f.content_type', 'f.action_id', 'u.ident as user_ident', 'r.state'])
    .executeTakeFirst();
}

/** Whether this receipt's image was removed (its row stays for the counts, decision 099). */
export async function receiptImageRemoved(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('action_receipts').select('image_removed_at').where('id', '=', id).executeTakeFirst();
  return Boolean(row?.image_removed_at);
}

export function findPhoto(db: Db, id: string) {
  return db.selectFrom('action_files').select(['id', 'ident', 'created_at', 'flagged_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Flags or unflags a photo; false when it already was so. */
export async function setPhotoFlag(db: Db, id: string, flag: { at: string; by: string } | null): Promise<boolean> {
  const result = await db
    .updateTable('action_files')
    .set({ flagged_at: flag?.at ?? null, flagged_by: flag?.by ?? null })
    .where('id', '=', id)
    .where('flagged_at', flag ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
