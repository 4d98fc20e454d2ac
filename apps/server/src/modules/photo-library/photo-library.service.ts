import type { AdminPhotoItem, AdminPhotosListBody, AdminPhotosListResponse } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { z } from 'zod';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientView } from '../../lib/client-view.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { actorHolds } from '../../plugins/auth.ts';
import type { StaffCall } from '../../plugins/audit-trail.ts';
import * as repo from './photo-library.repository.ts';

// /admin/photos/list, 'Zdjęcia' (issue 38, decision 138). The days are the photo's own (when it was
// stored, APP_TIMEZONE), not the action's planned day: one ordered index answers the range and the
// order. Whoever may not review (the brand's client) sees approved reports' photos only, and whoever
// may not read promoters sees no one's code and may not filter by it (decision 112).

export type PhotoLibraryDeps = { db: Db; timezone: string };
type Body = z.output<typeof AdminPhotosListBody>;

const KIND_OF_IDENT: Record<string, AdminPhotoItem['kind']> = { bereal_start: 'start', bereal_end: 'end', start: 'survey', end: 'survey' };

/** The key of the page's last photo, opaque to the caller. */
const encodeKey = (row: { created_at: string; id: string }) => Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');

function decodeKey(after: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
  } catch {
    // falls through to the refusal
  }
  throw new AppError('E_VALIDATION', { fields: { after: 'not a key this list gave' } });
}

/** The day after `date` (YYYY-MM-DD), as a date. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function list(deps: PhotoLibraryDeps, call: StaffCall, body: Body): Promise<AdminPhotosListResponse> {
  const seesNames = actorHolds(call.actor, 'promoters.read');
  if (body.promoter && !seesNames) throw new AppError('E_FORBIDDEN', { fields: { promoter: 'not for this role' } });
  const rows = await repo.listPhotos(
    deps.db,
    call.staff.scope,
    {
      fromIso: instantOfWall(`${body.from} 00:00:00`, deps.timezone).toISOString(),
      untilIso: instantOfWall(`${dayAfter(body.to)} 00:00:00`, deps.timezone).toISOString(),
      territoryIdent: body.territory,
      pointId: body.point?.uuid,
      promoterIdent: body.promoter,
      eventIdent: body.event,
      kind: body.kind,
      flagged: body.flagged,
      approvedOnly: clientView(call.actor).approvedOnly,
      after: body.after ? decodeKey(body.after) : undefined,
    },
    body.pageSize + 1,
  );
  const page = rows.slice(0, body.pageSize);
  const flags = await repo.openFlagsOf(
    deps.db,
    page.map((r) => r.id),
  );
  return {
    photos: page.map((r) => ({
      uuid: r.id,
      kind: KIND_OF_IDENT[r.ident] ?? r.ident,
      takenAt: toWallClock(new Date(r.created_at), deps.timezone),
      action: { uuid: r.action_id, name: r.action_name },
      promoter: seesNames ? r.user_ident : null,
      point: r.point_id ? { uuid: r.point_id, name: r.point_name ?? '' } : null,
      territory: r.territory_ident,
      event: { ident: r.event_ident, name: r.event_name },
      flags: flags.get(r.id) ?? [],
    })),
    next: rows.length > body.pageSize ? encodeKey(page[page.length - 1]!) : null,
  };
}
