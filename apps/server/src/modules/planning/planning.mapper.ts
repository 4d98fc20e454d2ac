import type { AdminAction, AdminActionPoint } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import type { ActionPointTable } from '../../db/schema.ts';
import * as repo from './planning.repository.ts';

// Rows → the back office's contract shapes (packages/contract/src/admin/planning.ts).

export const toPoint = (p: ActionPointTable): AdminActionPoint => ({
  uuid: p.id,
  name: p.name,
  streetAddress: p.street_address,
  postalCode: p.postal_code,
  cityName: p.city_name,
  petraId: p.petra_id,
  latitude: p.latitude,
  longitude: p.longitude,
});

/** The actions of these rows with their points and promoters, in the rows' order. */
export async function toAdminActions(db: Db, rows: readonly repo.PlannedActionRow[]): Promise<AdminAction[]> {
  const ids = rows.map((r) => r.id);
  const [points, assignments] = await Promise.all([repo.pointsOf(db, ids), repo.assignmentsOf(db, ids)]);
  return rows.map((r) => ({
    uuid: r.id,
    ident: r.ident,
    name: r.name,
    since: r.since,
    until: r.until,
    status: r.state,
    event: { uuid: r.event_id, ident: r.event_ident, name: r.event_name },
    territory:
      r.territory_id && r.territory_ident && r.territory_name
        ? { uuid: r.territory_id, ident: r.territory_ident, name: r.territory_name }
        : null,
    points: points.filter((p) => p.action_id === r.id).map(toPoint),
    promoters: assignments
      .filter((s) => s.action_id === r.id)
      .map((s) => ({
        uuid: s.user_id,
        ident: s.ident,
        firstname: s.firstname,
        lastname: s.lastname,
        status: s.status,
        cancelled: s.cancelled_at !== null,
      })),
  }));
}
