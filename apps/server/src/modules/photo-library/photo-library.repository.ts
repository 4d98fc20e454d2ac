import type { IntegrityFlagKind } from '@promotor/contract';
import type { Db } from '../../db/schema.ts';
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

export async function listPhotos(db: Db, scope: TerritoryScope, f: PhotoFilter, limit: number) {
  let q = db
    .selectFrom('action_files as f')
    .innerJoin('action_assignments as s', (j) => j.onRef('s.action_id', '=', 'f.action_id').onRef('s.user_id', '=', 'f.user_id'))
    .innerJoin('actions as a', 'a.id', 'f.action_id')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .leftJoin('action_points as ap', 'ap.id', 's.action_point_id')
    .leftJoin('report_reviews as r', (j) => j.onRef('r.action_id', '=', 'f.action_id').onRef('r.user_id', '=', 'f.user_id'))
    .where('f.created_at', '>=', f.fromIso)
    .where('f.created_at', '<', f.untilIso)
    .where('s.status', '=', 'finished')
    .where('s.cancelled_at', 'is', null)
    .where(territoryInScope('a.territory_id', scope));
  if (f.approvedOnly) q = q.where('r.state', '=', 'approved');
  if (f.territoryIdent) q = q.where('t.ident', '=', f.territoryIdent);
  if (f.eventIdent) q = q.where('e.ident', '=', f.eventIdent);
  if (f.promoterIdent) q = q.where('u.ident', '=', f.promoterIdent);
  if (f.kind) q = q.where('f.ident', 'in', IDENTS_OF_KIND[f.kind]);
  if (f.pointId) q = q.where((eb) => eb.fn.coalesce('ap.point_id', 'ap.id'), '=', f.pointId);
  if (f.flagged) {
    // The natural key of integrity_flags (action, promoter, kind, subject) answers this for each photo.
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('integrity_flags as fl')
          .select('fl.id')
          .whereRef('fl.action_id', '=', 'f.action_id')
          .whereRef('fl.user_id', '=', 'f.user_id')
          .where('fl.kind', 'in', PHOTO_FLAG_KINDS)
          .whereRef('fl.subject', '=', 'f.id')
          .where('fl.explained_at', 'is', null),
      ),
    );
  }
  const after = f.after;
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('f.created_at', 'f.id'), '<', tuple(after.createdAt, after.id)));
  return q
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
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
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
