import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/crypto.ts';
import { buildAction, buildSignedInPromoter, type ActionOptions, type BuiltAction, type BuiltPromoter } from './builders.ts';
import { keepEndPhotos } from './field-data.ts';
import { buildJpeg } from './files.ts';
import { post, type TestApp } from './test-app.ts';

// The report review's test data (issue 25): reports (finished assignments) of actions in a territory,
// and the back office's calls on them as one step each.

export type BuiltReport = {
  promoter: BuiltPromoter & { token: string };
  action: BuiltAction;
  /** The report as the back office names it. */
  ref: { action: { uuid: string }; promoter: { ident: string } };
};

/** Puts the action in the territory (the builders make none with one). */
export async function placeInTerritory(t: TestApp, actionId: string, territory: string): Promise<void> {
  const { id } = await t.db.selectFrom('territories').select('id').where('ident', '=', territory).executeTakeFirstOrThrow();
  await t.db.updateTable('actions').set({ territory_id: id }).where('id', '=', actionId).execute();
}

/**
 * A report to review: an action of the territory she has finished (her status, as the organiser's
 * system hands it over; no check-in events unless the test sends them). Her own by default.
 */
export async function buildReport(
  t: TestApp,
  territory: string,
  o: ActionOptions & { promoter?: BuiltPromoter & { token: string } } = {},
): Promise<BuiltReport> {
  const promoter = o.promoter ?? (await buildSignedInPromoter(t, { territories: [territory] }));
  const action = await buildAction(t, promoter, { status: 'finished', ...o });
  await placeInTerritory(t, action.uuid, territory);
  return { promoter, action, ref: { action: { uuid: action.uuid }, promoter: { ident: promoter.ident } } };
}

/** Another promoter assigned to the same action (an action may have several), in her status. */
export async function assignAnother(
  t: TestApp,
  report: BuiltReport,
  territory: string,
  status: 'finished' | 'started' | null,
  o: { cancelled?: boolean } = {},
): Promise<BuiltReport> {
  const promoter = await buildSignedInPromoter(t, { territories: [territory] });
  await t.db
    .insertInto('action_assignments')
    .values({
      action_id: report.action.uuid,
      user_id: promoter.userId,
      status,
      action_point_id: status ? report.action.points[0]! : null,
      last_status_at: status ? report.action.until : null,
      cancelled_at: o.cancelled ? t.clock.now().toISOString() : null,
    })
    .execute();
  return { promoter, action: report.action, ref: { action: { uuid: report.action.uuid }, promoter: { ident: promoter.ident } } };
}

/** Her report already approved, as a review leaves it (for tests about who sees approved reports). */
export async function markApproved(t: TestApp, report: BuiltReport): Promise<void> {
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('report_reviews')
    .values({
      action_id: report.action.uuid,
      user_id: report.promoter.userId,
      state: 'approved',
      reason: null,
      note: null,
      submitted_at: at,
      reviewed_at: at,
      reviewed_by: null,
      updated_at: at,
    })
    .execute();
}

/** A photo ('bereal_end') or a receipt photo of her report, stored as the app stores one: bytes and row. */
export async function storeReportImage(t: TestApp, report: BuiltReport, kind: 'photo' | 'receipt', data = buildJpeg()): Promise<string> {
  const id = newId();
  const blobKey = `${id}.jpg`;
  await t.app.blobStore.put(blobKey, data);
  const common = {
    id,
    action_id: report.action.uuid,
    user_id: report.promoter.userId,
    blob_key: blobKey,
    content_type: 'image/jpeg',
    size: data.length,
  };
  const at = t.clock.now().toISOString();
  if (kind === 'photo') {
    const position = (await t.db.selectFrom('action_files').select('id').where('action_id', '=', report.action.uuid).execute()).length;
    await t.db
      .insertInto('action_files')
      .values({ ...common, ident: 'bereal_end', position, created_at: at })
      .execute();
    await keepEndPhotos(t, report.action.uuid, report.promoter.userId, at);
  } else {
    await t.db
      .insertInto('action_receipts')
      .values({ ...common, lead_id: null, device_serial: 'GLO12345678', device_beacon: 'BC-ABCDEFGHJK', created_at: at })
      .execute();
  }
  return id;
}

type Ref = BuiltReport['ref'];

export const getReport = (app: FastifyInstance, token: string, ref: Ref) => post(app, '/admin/reports/get', ref, token);

export const approve = (app: FastifyInstance, token: string, ref: Ref, headers: Record<string, string> = {}) =>
  post(app, '/admin/reports/review', { ...ref, decision: 'approved' }, token, headers);

export const requestChanges = (app: FastifyInstance, token: string, ref: Ref, note: string, reason?: string) =>
  post(app, '/admin/reports/review', { ...ref, decision: 'changes_requested', note, ...(reason ? { reason } : {}) }, token);

export const resubmit = (app: FastifyInstance, token: string, actionId: string) =>
  post(app, '/action/report/resubmit', { action: { uuid: actionId } }, token);

/** Her /action/report as her app reads it. */
export async function herReport(app: FastifyInstance, token: string, actionId: string) {
  const res = await post(app, '/action/report', { action: { uuid: actionId } }, token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.report as { status: string; review: { state: string; note: string | null; reason: string | null } | null };
}

/** The list of reports over a wide period, with these filters. */
export async function listReports(app: FastifyInstance, token: string, filters: Record<string, unknown> = {}) {
  const res = await post(app, '/admin/reports/list', { from: '2000-01-01', to: '2100-12-31', ...filters }, token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { total: number; reports: { action: { uuid: string }; promoter: { ident: string }; state: string }[] };
}
