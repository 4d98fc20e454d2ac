import type { Action } from '@promotor/contract';
import type { ActionPointTable } from '../../db/schema.ts';
import type { ActionRow } from './actions.repository.ts';

export function toActionPoint(p: ActionPointTable): Action['actionPoints'][number] {
  return {
    uuid: p.id,
    name: p.name,
    address: { streetAddress: p.street_address, postalCode: p.postal_code, cityName: p.city_name },
    point: { petraId: p.petra_id },
  };
}

/** A row of the caller's action and its points in the §3 shape. */
export function toAction(row: ActionRow, points: ActionPointTable[]): Action {
  return {
    uuid: row.id,
    ident: row.ident,
    name: row.name,
    since: { date: row.since },
    until: { date: row.until },
    actionPoints: points.filter((p) => p.action_id === row.id).map(toActionPoint),
    event: { uuid: row.event_id, ident: row.event_ident },
    status: {
      user: {
        status: row.user_status,
        actionPoint: row.user_action_point_id ? { uuid: row.user_action_point_id } : null,
        lastStatusCreated: row.last_status_at ? { date: row.last_status_at } : null,
      },
      global: { ident: row.global_status },
    },
  };
}
