import type {
  AdminReportFlagBody,
  AdminReportFlagResponse,
  AdminReportResponse,
  AdminReportsListBody,
  AdminReportsListResponse,
  AdminReportSummary,
  AdminReviewBody,
  AdminReviewBulkBody,
  AdminReviewBulkResponse,
  ReportRef,
  ReportResubmitResponse,
  ReportReviewMark,
  ReportsToFixResponse,
  ReportReviewState,
} from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { clientView, reportDetailFor } from '../../lib/client-view.ts';
import { newId } from '../../lib/crypto.ts';
import { actorHolds, type CallerUser } from '../../plugins/auth.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import { requireAssignedAction } from '../actions/action-guards.ts';
import { stateOf, submittedAt, toDetail, toSummary } from './report-detail.ts';
import type { LiveThresholds } from '../live/live.service.ts';
import * as repo from './reviews.repository.ts';
import { staffName } from '../staff/staff-accounts.service.ts';
import { notifyContext, notifyReportReturned, type NotificationSettings } from '../notifications/notification-events.service.ts';
import { settleSendBacks } from '../notifications/notifications.service.ts';

// The report review loop (issue 25, decision 090): submitted → approved | changes_requested; she
// resubmits → resubmitted → approved | changes_requested. One report per action and promoter; every
// move is conditional on the state it was seen in, written with its history line and audit entry.

export type ReviewsDeps = {
  db: Db;
  now: () => Date;
  timezone: string;
  blobStore: BlobStore;
  thresholds: LiveThresholds;
  notifications: NotificationSettings;
  /** The map's tiles (MAP_TILE_URL, as the live map's): the panel's small map of her fixes (decision 138). */
  map: { tileUrl: string | null; attribution: string };
};

type ListBody = z.output<typeof AdminReportsListBody>;
type ReviewBody = z.output<typeof AdminReviewBody>;
type BulkBody = z.output<typeof AdminReviewBulkBody>;
type FlagBody = z.output<typeof AdminReportFlagBody>;
type Ref = z.output<typeof ReportRef>;

/** Who may not review (the brand's `client`) sees approved reports only (lib/client-view.ts, decision 112). */
const approvedOnly = (call: StaffCall) => clientView(call.actor).approvedOnly;

const REVIEWABLE: readonly ReportReviewState[] = ['submitted', 'resubmitted'];

/**
 * Who may not read promoters (the brand's `client`, decision 085) gets her hostess code, not her name,
 * as in the exports (decision 092); the back office's pages show the code when the name is empty.
 */
function namesFor<R extends AdminReportSummary>(call: StaffCall, report: R): R {
  // Nor her plausibility flags' count (decision 138): the review's tool, not the brand's.
  const shown = approvedOnly(call) ? { ...report, openFlags: 0 } : report;
  if (actorHolds(call.actor, 'promoters.read')) return shown;
  return { ...shown, promoter: { ...shown.promoter, firstname: '', lastname: '' } };
}

export async function list(deps: ReviewsDeps, call: StaffCall, body: ListBody): Promise<AdminReportsListResponse> {
  const restricted = approvedOnly(call);
  const page = { page: body.page, pageSize: body.pageSize };
  // The brand's viewer sees no plausibility flags (decision 138): none of its reports is 'Do wyjaśnienia'.
  if (restricted && ((body.state && body.state !== 'approved') || body.flagged)) return { ...page, total: 0, reports: [] };
  const { rows, total } = await repo.listReports(
    deps.db,
    call.staff.scope,
    {
      since: `${body.from} 00:00:00`,
      until: `${body.to} 23:59:59`,
      territoryIdent: body.territory,
      state: restricted ? 'approved' : body.state,
      eventIdent: body.event,
      promoterIdent: body.promoter,
      flagged: body.flagged,
    },
    { limit: body.pageSize, offset: (body.page - 1) * body.pageSize },
  );
  return { ...page, total, reports: rows.map((r) => namesFor(call, toSummary(r, deps.timezone))) };
}

/** Not found, or not the caller's to see: one answer; the audit log records the reports tried (decision 109). */
const reportNotFound = (refs: Ref[], details?: unknown) =>
  refusedTry('E_REPORT_NOT_FOUND', { type: 'report', ids: refs.map((r) => `${r.action.uuid}/${r.promoter.ident}`) }, details);

/** The report named, if the caller may see it: another territory's, an unfinished one, or (for `client`) one not approved is 404. */
async function visibleReport(deps: ReviewsDeps, call: StaffCall, ref: Ref): Promise<repo.ReportRow> {
  const row = await repo.findReport(deps.db, call.staff.scope, ref.action.uuid, ref.promoter.ident);
  if (!row || (approvedOnly(call) && stateOf(row) !== 'approved')) throw reportNotFound([ref]);
  return row;
}

async function answer(deps: ReviewsDeps, call: StaffCall, ref: Ref): Promise<AdminReportResponse> {
  const row = await visibleReport(deps, call, ref);
  const detail = await toDetail(deps.db, row, { timezone: deps.timezone, now: deps.now(), thresholds: deps.thresholds });
  return { report: namesFor(call, reportDetailFor(clientView(call.actor), detail)), map: deps.map };
}

export const get = (deps: ReviewsDeps, call: StaffCall, body: Ref): Promise<AdminReportResponse> => answer(deps, call, body);

type Decision = { decision: 'approved' | 'changes_requested'; reason: string | null; note: string | null };

/** One report's move, inside the caller's transaction: refused (409) when another reviewer moved it first. */
async function decide(
  trx: Db,
  deps: ReviewsDeps,
  call: StaffCall,
  row: repo.ReportRow,
  d: Decision,
  o: { at: Date; reviewer: string; bulk: boolean },
) {
  const from = stateOf(row);
  const iso = o.at.toISOString();
  await repo.lockAction(trx, row.action_id);
  await repo.ensureReview(trx, {
    action_id: row.action_id,
    user_id: row.user_id,
    submitted_at: submittedAt(row, deps.timezone),
    updated_at: iso,
  });
  const requested = d.decision === 'changes_requested';
  const moved = await repo.moveReview(
    trx,
    { actionId: row.action_id, userId: row.user_id, from },
    {
      state: d.decision,
      // The last request's reason and note stay while she works on it; approval clears them.
      reason: requested ? d.reason : null,
      note: requested ? d.note : null,
      reviewed_at: iso,
      reviewed_by: call.staff.staffId,
      updated_at: iso,
    },
  );
  if (!moved) throw new AppError('E_REPORT_WRONG_STATE', { action: row.action_id, promoter: row.user_ident });
  await repo.insertReviewEvent(trx, {
    id: newId(),
    action_id: row.action_id,
    user_id: row.user_id,
    kind: d.decision,
    reason: requested ? d.reason : null,
    note: requested ? d.note : null,
    staff_id: call.staff.staffId,
    staff_name: o.reviewer,
    at: iso,
  });
  // Sent back: her inbox tells her, with the note, in this transaction (issue 37, decision 135).
  if (requested) await notifyReportReturned(trx, notifyContext(deps, o.at), { actionId: row.action_id, userId: row.user_id, note: d.note });
  // The decision that made the action approved (decision 110: derived from the reviews, not written).
  const accepted = d.decision === 'approved' && (await repo.actionStateOf(trx, row.action_id)) === 'approved';
  await recordAudit(trx, o.at, {
    actor: call.actor,
    verb: 'reports.review',
    object: { type: 'action', id: row.action_id },
    details: {
      promoter: row.user_ident,
      from,
      decision: d.decision,
      ...(requested ? { reason: d.reason, note: d.note } : {}),
      ...(accepted ? { actionAccepted: true } : {}),
      ...(o.bulk ? { bulk: true } : {}),
    },
  });
}

function refuseUnlessReviewable(row: repo.ReportRow) {
  const state = stateOf(row);
  if (!REVIEWABLE.includes(state)) throw new AppError('E_REPORT_WRONG_STATE', { action: row.action_id, promoter: row.user_ident, state });
}

export async function review(deps: ReviewsDeps, call: StaffCall, body: ReviewBody): Promise<AdminReportResponse> {
  const row = await visibleReport(deps, call, body);
  refuseUnlessReviewable(row);
  const at = deps.now();
  const reviewer = await staffName(deps.db, call.staff.staffId);
  const d: Decision = { decision: body.decision, reason: body.reason ?? null, note: body.note || null };
  await deps.db.transaction().execute((trx) => decide(trx, deps, call, row, d, { at, reviewer, bulk: false }));
  return answer(deps, call, body);
}

const keyOf = (ref: Ref) => `${ref.action.uuid}\n${ref.promoter.ident}`;

/** Approves every report named, all or nothing: one missing (404) or not reviewable (409) refuses them all. */
export async function approveMany(deps: ReviewsDeps, call: StaffCall, body: BulkBody): Promise<AdminReviewBulkResponse> {
  const refs = [...new Map(body.reports.map((r) => [keyOf(r), r])).values()];
  const rows = await Promise.all(refs.map((ref) => repo.findReport(deps.db, call.staff.scope, ref.action.uuid, ref.promoter.ident)));
  const missing = refs.filter((_, i) => !rows[i]);
  if (missing.length > 0) throw reportNotFound(missing, { reports: missing });
  const found = rows as repo.ReportRow[];
  const wrong = found.filter((r) => !REVIEWABLE.includes(stateOf(r)));
  if (wrong.length > 0) {
    throw new AppError('E_REPORT_WRONG_STATE', {
      reports: wrong.map((r) => ({ action: { uuid: r.action_id }, promoter: { ident: r.user_ident }, state: stateOf(r) })),
    });
  }
  const at = deps.now();
  const reviewer = await staffName(deps.db, call.staff.staffId);
  const d: Decision = { decision: 'approved', reason: null, note: null };
  // Actions locked in one order (decide locks each), so two bulk approvals cannot deadlock.
  const ordered = [...found].sort((a, b) => (a.action_id < b.action_id ? -1 : a.action_id > b.action_id ? 1 : 0));
  await deps.db.transaction().execute(async (trx) => {
    for (const row of ordered) await decide(trx, deps, call, row, d, { at, reviewer, bulk: true });
  });
  const after = await Promise.all(refs.map((ref) => visibleReport(deps, call, ref)));
  return { reports: after.map((r) => namesFor(call, toSummary(r, deps.timezone))) };
}

export async function flagPhoto(deps: ReviewsDeps, call: StaffCall, body: FlagBody): Promise<AdminReportFlagResponse> {
  const file = await repo.findFileInScope(deps.db, call.staff.scope, 'action_files', body.file.uuid);
  if (!file) throw refusedTry('E_FILE_NOT_FOUND', { type: 'action_file', ids: [body.file.uuid] });
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const changed = await repo.setPhotoFlag(trx, file.id, body.flagged ? { at: at.toISOString(), by: call.staff.staffId } : null);
    // A flag that is already so changes nothing and records nothing.
    if (!changed) return;
    await recordAudit(trx, at, {
      actor: call.actor,
      verb: 'reports.flag-photo',
      object: { type: 'action_file', id: file.id },
      details: { flagged: body.flagged, action: file.action_id, promoter: file.user_ident },
    });
  });
  const photo = await repo.findPhoto(deps.db, file.id);
  return { photo: { uuid: photo.id, ident: photo.ident, createdAt: photo.created_at, flagged: photo.flagged_at !== null } };
}

type ImageTable = 'action_files' | 'action_receipts';

/** A report's photo or receipt photo's row, for whoever may see the report; anything else is 404. */
async function imageInScope(deps: ReviewsDeps, call: StaffCall, table: ImageTable, id: string) {
  const code = table === 'action_files' ? ('E_FILE_NOT_FOUND' as const) : ('E_RECEIPT_NOT_FOUND' as const);
  const file = await repo.findFileInScope(deps.db, call.staff.scope, table, id);
  if (!file || (approvedOnly(call) && (file.state ?? 'submitted') !== 'approved')) {
    throw refusedTry(code, { type: table === 'action_files' ? 'action_file' : 'receipt', ids: [id] });
  }
  // A receipt stays for the counts after its image went (retention, an erasure: decision 099).
  if (table === 'action_receipts' && (await repo.receiptImageRemoved(deps.db, file.id))) throw new AppError('E_RECEIPT_IMAGE_REMOVED');
  return { ...file, code };
}

async function storedImage(deps: ReviewsDeps, call: StaffCall, table: ImageTable, id: string) {
  const file = await imageInScope(deps, call, table, id);
  const image = await deps.blobStore.open(file.blob_key, file.content_type);
  if (!image) throw new AppError(file.code);
  return image;
}

/**
 * The small WebP of a report's photo or receipt (decision 130): kept in the database beside the file's
 * row, so the panel's gallery opens fast and works while the bucket is down. The same checks as the
 * full image; none (not an image, or its bytes out of reach now) is E_FILE_NOT_FOUND.
 */
async function storedThumbnail(deps: ReviewsDeps, call: StaffCall, table: ImageTable, id: string): Promise<Buffer> {
  const file = await imageInScope(deps, call, table, id);
  const thumbnail = await deps.blobStore.thumbnail(file.blob_key);
  if (!thumbnail) throw new AppError('E_FILE_NOT_FOUND');
  return thumbnail;
}

export const photo = (deps: ReviewsDeps, call: StaffCall, id: string) => storedImage(deps, call, 'action_files', id);
export const receipt = (deps: ReviewsDeps, call: StaffCall, id: string) => storedImage(deps, call, 'action_receipts', id);
export const photoThumbnail = (deps: ReviewsDeps, call: StaffCall, id: string) => storedThumbnail(deps, call, 'action_files', id);
export const receiptThumbnail = (deps: ReviewsDeps, call: StaffCall, id: string) => storedThumbnail(deps, call, 'action_receipts', id);

// ── her side: what her app reads of the review, and her resubmission ──

/** Her report's review as her app shows it: null before she finished; the note and reason only while changes are requested. */
export async function reviewMarkOf(
  db: Db,
  actionId: string,
  userId: string,
  userStatus: 'started' | 'finished' | null,
): Promise<ReportReviewMark | null> {
  if (userStatus !== 'finished') return null;
  const row = await repo.findReview(db, actionId, userId);
  const state = row?.state ?? 'submitted';
  const requested = state === 'changes_requested';
  return { state, note: requested ? (row?.note ?? null) : null, reason: requested ? (row?.reason ?? null) : null };
}

/**
 * /action/report/to-fix (issue 33 item 18): her reports sent back for correction, each with the
 * coordinator's reason and note, shown on top of her action list until she resubmits it.
 */
export async function reportsToFix(deps: ReviewsDeps, caller: CallerUser): Promise<ReportsToFixResponse> {
  const rows = await repo.reportsToFix(deps.db, caller.userId);
  return {
    reports: rows.map((row) => ({
      uuid: row.id,
      name: row.name,
      since: row.since,
      review: { state: 'changes_requested', note: row.note, reason: row.reason },
    })),
  };
}

/** Whether changes of her finished report are requested: she may then send the survey and end photos again. */
export async function changesRequested(db: Db, actionId: string, userId: string): Promise<boolean> {
  return (await repo.findReview(db, actionId, userId))?.state === 'changes_requested';
}

/** /action/report/resubmit: her report back to review, only while changes are requested. */
export async function resubmit(deps: ReviewsDeps, caller: CallerUser, actionId: string): Promise<ReportResubmitResponse> {
  const { db } = deps;
  const action = await requireAssignedAction(db, caller, actionId);
  if (action.user_status !== 'finished') throw new AppError('E_REPORT_WRONG_STATE');
  const at = deps.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const moved = await repo.moveReview(
      trx,
      { actionId: action.id, userId: caller.userId, from: 'changes_requested' },
      { state: 'resubmitted', submitted_at: at, updated_at: at },
    );
    if (!moved) throw new AppError('E_REPORT_WRONG_STATE');
    await repo.insertReviewEvent(trx, {
      id: newId(),
      action_id: action.id,
      user_id: caller.userId,
      kind: 'resubmitted',
      reason: null,
      note: null,
      staff_id: null,
      staff_name: null,
      at,
    });
    // The send-back is answered: her 'Do poprawy' notifications of it read, their SMS not needed (decision 135).
    await settleSendBacks(trx, { userId: caller.userId, actionId: action.id, at: new Date(at) });
  });
  return { review: (await reviewMarkOf(db, action.id, caller.userId, 'finished'))! };
}
