import type { IntegrityFlagKind } from '@promotor/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// 'Zdjęcia' (issue 38, decision 138): the start, end and survey photos of the reports in the caller's
// scope — the report review's conditions (a finished, not cancelled assignment of an action in her
// territories), so a photo listed here is one /admin/reports/file and its thumbnail hand out. Newest
// first by the photo's stored time and its id, walked by key: action_files(created_at, id) (migration
// 038) answers the first page and a deep one alike.

/** Which stored idents each kind of the library is: her start/end photos and the survey's two. */
export const IDENTS_OF_KIND = {
  start: ['bereal_start'],
  end: ['bereal_end'],
  survey: ['start', 'end'],
} as const;

/** The flags that name a photo (their subject is the photo's id). */
export const PHOTO_FLAG_KINDS: readonly IntegrityFlagKind[] = ['photo_reused', 'photo_similar', 'photo_blank'];

export type PhotoFilter = {
  /** ISO UTC bounds of the photo's stored time: from included, until excluded. */
  fromIso: string;
  untilIso: string;
  territoryIdent?: string;
  /** The register's point (or, for an action planned outside the register, the action's point). */
  pointId?: string;
  promoterIdent?: string;
  eventIdent?: string;
  kind?: keyof typeof IDENTS_OF_KIND;
  flagged?: boolean;
  /** The client's view: approved reports only (decision 112). */
  approvedOnly: boolean;
  /** The last photo of the previous page. */
  after?: { createdAt: string; id: string };
};

/**
 * The page's photo ids, newest first. The one table of its FROM is action_files, walked down its
 * (created_at, id) index; the report each belongs to (in scope, finished, approved for the client, of
 * the territory, event and point asked) is a correlated EXISTS, so the walk stops at the page's end.
 * Joined, SQLite's planner began from the 5-row events table and sorted 200,000 rows (3.8 s, see
 * docs/performance.md). A promoter, a point and 'Tylko oznaczone' are IN lists it may start from.
 */
function pageOfIds(db: Db, scope: TerritoryScope, f: PhotoFilter, limit: number) {
  let q = db
    .selectFrom('action_files as f')
    .select(['f.id', 'f.created_at'])
    .where('f.created_at', '>=', f.fromIso)
    .where('f.created_at', '<', f.untilIso)
    .where(({ exists, selectFrom }) => exists(reportOf(selectFrom, scope, f).limit(1).offset(0)));
  if (f.promoterIdent) q = q.where('f.user_id', 'in', db.selectFrom('users').select('id').where('ident', '=', f.promoterIdent));
  if (f.kind) q = q.where('f.ident', 'in', IDENTS_OF_KIND[f.kind]);
  if (f.pointId) q = q.where('f.action_id', 'in', actionsAtPoint(db, f.pointId));
  if (f.flagged) {
    q = q.where(
      'f.id',
      'in',
      db
        .selectFrom('integrity_flags as fl')
        .select('fl.subject')
        .where('fl.kind', 'in', PHOTO_FLAG_KINDS)
        .where('fl.explained_at', 'is', null),
    );
  }
  const after = f.after;
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('f.created_at', 'f.id'), '<', tuple(after.createdAt, after.id)));
  return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit);
}

/** The actions planned at a point: the register's, or (planned outside it) the action's own. */
const actionsAtPoint = (db: Db, pointId: string) =>
  db
    .selectFrom('action_points as ap')
    .select('ap.action_id')
    .where((eb) => eb.or([eb('ap.point_id', '=', pointId), eb('ap.id', '=', pointId)]));

type FileScope = ExpressionBuilder<Database & { f: Database['action_files'] }, 'f'>['selectFrom'];

/** The photo's report, if the caller may see it and it matches the filters: the review's conditions. */
function reportOf(selectFrom: FileScope, scope: TerritoryScope, f: PhotoFilter) {
  let q = selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .leftJoin('report_reviews as r', (j) => j.onRef('r.action_id', '=', 's.action_id').onRef('r.user_id', '=', 's.user_id'))
    .select('s.action_id')
    .whereRef('s.action_id', '=', 'f.action_id')
    .whereRef('s.user_id', '=', 'f.user_id')
    .where('s.status', '=', 'finished')
    .where('s.cancelled_at', 'is', null)
    .where(territoryInScope('a.territory_id', scope));
  // A join, not an EXISTS inside the EXISTS: PostgreSQL hashed every approved review for that (1 s).
  if (f.approvedOnly) q = q.where('r.state', '=', 'approved');
  if (f.territoryIdent)
    q = q.where('a.territory_id', 'in', (eb) => eb.selectFrom('territories').select('id').where('ident', '=', f.territoryIdent!));
  if (f.eventIdent) q = q.where('a.event_id', 'in', (eb) => eb.selectFrom('events').select('id').where('ident', '=', f.eventIdent!));
  if (f.pointId) {
    const pointId = f.pointId;
    q = q.where('s.action_point_id', 'in', (eb) =>
      eb
        .selectFrom('action_points as sp')
        .select('sp.id')
        .where((w) => w.or([w('sp.point_id', '=', pointId), w('sp.id', '=', pointId)])),
    );
  }
  // The OFFSET keeps PostgreSQL from turning the EXISTS into a semi-join it may hash whole (for the
  // client's approved-only view it hashed every report: 0.8 s); as a subplan it is probed per photo
  // walked, and the walk stops at the page's end. SQLite takes it as it is.
  return q;
}

export async function listPhotos(db: Db, scope: TerritoryScope, f: PhotoFilter, limit: number) {
  // A subquery with a LIMIT is not flattened into the joins (either database): they see the page only.
  return db
    .selectFrom(pageOfIds(db, scope, f, limit).as('p'))
    .innerJoin('action_files as f', 'f.id', 'p.id')
    .innerJoin('action_assignments as s', (j) => j.onRef('s.action_id', '=', 'f.action_id').onRef('s.user_id', '=', 'f.user_id'))
    .innerJoin('actions as a', 'a.id', 'f.action_id')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .leftJoin('action_points as ap', 'ap.id', 's.action_point_id')
    .select([
      'f.id',
      'f.ident',
      'f.created_at',
      'a.id as action_id',
      'a.name as action_name',
      'u.ident as user_ident',
      't.ident as territory_ident',
      'e.ident as event_ident',
      'e.name as event_name',
      'ap.name as point_name',
    ])
    .select((eb) => eb.fn.coalesce('ap.point_id', 'ap.id').as('point_id'))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

export type PhotoRow = Awaited<ReturnType<typeof listPhotos>>[number];

/** The open photo flags of these photos (one page's), by photo. */
export async function openFlagsOf(db: Db, photoIds: readonly string[]): Promise<Map<string, IntegrityFlagKind[]>> {
  const byPhoto = new Map<string, IntegrityFlagKind[]>();
  if (photoIds.length === 0) return byPhoto;
  const rows = await db
    .selectFrom('integrity_flags')
    .select(['subject', 'kind'])
    .where('subject', 'in', photoIds)
    .where('kind', 'in', PHOTO_FLAG_KINDS)
    .where('explained_at', 'is', null)
    .orderBy('subject')
    .orderBy('kind')
    .execute();
  for (const row of rows) byPhoto.set(row.subject, [...(byPhoto.get(row.subject) ?? []), row.kind]);
  return byPhoto;
}
