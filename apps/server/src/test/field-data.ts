import { parse } from 'csv-parse/sync';
import type { ExportName } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { ReportReviewTable } from '../db/schema.ts';
import { newId } from '../lib/crypto.ts';
import { instantOfWall } from '../lib/wall-instant.ts';
import { buildAction, buildLead, buildPromoter, type ActionOptions, type BuiltAction, type LeadItemOptions } from './builders.ts';
import type { TestApp } from './test-app.ts';

// What a day in the field leaves in the database, for the back office's exports and dashboard (issue
// 25): actions placed in a territory, her taps, her reports' reviews, codes handed out. Written as the
// app's calls would leave the rows; each test builds its own.

/** An action of `territory` (an ident) assigned to the promoter (the builders make none with a territory). */
export async function buildPlacedAction(
  t: TestApp,
  promoter: { userId: string },
  territory: string,
  o: ActionOptions = {},
): Promise<BuiltAction & { ident: string }> {
  const action = await buildAction(t, promoter, o);
  const { id } = await t.db.selectFrom('territories').select('id').where('ident', '=', territory).executeTakeFirstOrThrow();
  await t.db.updateTable('actions').set({ territory_id: id }).where('id', '=', action.uuid).execute();
  const { ident } = await t.db.selectFrom('actions').select('ident').where('id', '=', action.uuid).executeTakeFirstOrThrow();
  return { ...action, ident };
}

/** Another promoter on the action, with her status (none: not started). */
export async function assignAlso(
  t: TestApp,
  action: BuiltAction,
  promoter: { userId: string },
  o: { status?: 'started' | 'finished' | null; cancelledAt?: string } = {},
) {
  await t.db
    .insertInto('action_assignments')
    .values({
      action_id: action.uuid,
      user_id: promoter.userId,
      status: o.status ?? null,
      action_point_id: o.status ? action.points[0]! : null,
      last_status_at: null,
      cancelled_at: o.cancelledAt ?? null,
    })
    .execute();
}

/** Her check-in or check-out tapped at `wall` (APP_TIMEZONE), at a position when given. */
export async function buildTap(
  t: TestApp,
  action: BuiltAction,
  promoter: { userId: string },
  kind: 'check_in' | 'check_out',
  wall: string,
  at: { latitude: number; longitude: number } | null = null,
) {
  const instant = instantOfWall(wall, t.config.timezone).toISOString();
  await t.db
    .insertInto('action_status_events')
    .values({
      id: newId(),
      action_id: action.uuid,
      user_id: promoter.userId,
      kind,
      action_point_id: action.points[0] ?? null,
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      cash_terminal_id: null,
      created_at: instant,
      wall_time: wall,
      received_at: instant,
    })
    .execute();
  // A check-in is kept on her assignment too, as the check-in call keeps it (decision 101).
  if (kind === 'check_in') {
    await t.db
      .updateTable('action_assignments')
      .set({
        checked_in_at: instant,
        checked_in_wall_time: wall,
        check_in_latitude: at?.latitude ?? null,
        check_in_longitude: at?.longitude ?? null,
      })
      .where('action_id', '=', action.uuid)
      .where('user_id', '=', promoter.userId)
      .execute();
  }
}

/** Her report's review row (none means 'submitted' once she finished). */
export async function buildReview(t: TestApp, action: BuiltAction, promoter: { userId: string }, state: ReportReviewTable['state']) {
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('report_reviews')
    .values({
      action_id: action.uuid,
      user_id: promoter.userId,
      state,
      reason: state === 'changes_requested' ? 'photos' : null,
      note: state === 'changes_requested' ? 'Brak zdjęć końcowych' : null,
      submitted_at: at,
      reviewed_at: at,
      reviewed_by: null,
      updated_at: at,
    })
    .execute();
}

/** Her end photos (rows only: what the exceptions read), and their time on her assignment (decision 101). */
export async function buildEndPhoto(t: TestApp, action: BuiltAction, promoter: { userId: string }) {
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('action_files')
    .values({
      id: newId(),
      action_id: action.uuid,
      user_id: promoter.userId,
      ident: 'bereal_end',
      position: 0,
      blob_key: `test/${newId()}`,
      content_type: 'image/jpeg',
      size: 1,
      created_at: at,
    })
    .execute();
  await keepEndPhotos(t, action.uuid, promoter.userId, at);
}

/** That her end photos are stored, on her assignment, as the upload keeps it (first time kept). */
export async function keepEndPhotos(t: TestApp, actionId: string, userId: string, at: string) {
  await t.db
    .updateTable('action_assignments')
    .set({ end_photos_at: at })
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('end_photos_at', 'is', null)
    .execute();
}

/** A registration of hers on the action at `wall` (APP_TIMEZONE); `test`: made on the exp1707 test action. */
export async function buildRegistration(
  t: TestApp,
  promoter: { userId: string; ident: string },
  action: BuiltAction,
  wall: string,
  items: LeadItemOptions[],
  o: { test?: boolean } = {},
) {
  const id = await buildLead(t, promoter, { action, at: instantOfWall(wall, t.config.timezone), items });
  if (o.test) await t.db.updateTable('leads').set({ is_test: 1 }).where('id', '=', id).execute();
  return id;
}

/** Codes of a new batch of the event handed out by her at these wall times (on the action when given). */
export async function buildRedeemedCodes(
  t: TestApp,
  eventId: string,
  promoter: { userId: string },
  action: BuiltAction | null,
  walls: string[],
  o: { batch?: string; codes?: string[] } = {},
) {
  const batchId = newId();
  await t.db
    .insertInto('voucher_batches')
    .values({ id: batchId, event_id: eventId, ident: o.batch ?? `Partia ${batchId.slice(0, 8)}` })
    .execute();
  const rows = walls.map((wall, i) => ({
    id: newId(),
    batch_id: batchId,
    ident: o.codes?.[i] ?? `KOD-${newId().slice(0, 8).toUpperCase()}`,
    assigned_to: promoter.userId,
    assigned_at: t.clock.now().toISOString(),
    redeemed_at: instantOfWall(wall, t.config.timezone).toISOString(),
    redeemed_by: promoter.userId,
    redeemed_date_time: wall,
    redeemed_action_id: action?.uuid ?? null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto('vouchers')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.map((r) => r.ident);
}

/** A promoter of the territory. */
export const buildPromoterOf = (t: TestApp, territory: string, o: { firstname?: string; lastname?: string } = {}) =>
  buildPromoter(t, { territories: [territory], ...o });

/** GET a CSV export with its filter in the query string. */
export function getExport(t: TestApp, name: ExportName, query: Record<string, string>, token: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: `/api/admin/exports/${name}.csv`,
    query,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A CSV file as Excel would split it: rows of cells, the header first (the BOM checked and dropped). */
export function readCsv(payload: Buffer): string[][] {
  if (!payload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) throw new Error('no UTF-8 BOM');
  return parse(payload.subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n', relax_column_count: false });
}

/** The rows as objects by header. */
export function csvObjects(payload: Buffer): Record<string, string>[] {
  const [header, ...rows] = readCsv(payload);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

/** Wall clock 'YYYY-MM-DD HH:mm:ss' of the test clock's now, moved by `ms`. */
export const wallNow = (t: TestApp, ms = 0) => toWallClock(new Date(t.clock.now().getTime() + ms), t.config.timezone);
