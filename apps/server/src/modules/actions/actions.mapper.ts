import type { Action } from '@promotor/contract';
import { globalIdentOf } from '@promotor/contract/rules';
import type { ActionPointTable } from '../../db/schema.ts';
import type { ListedActionRow } from './actions.repository.ts';

export function toActionPoint(p: ActionPointTable): Action['actionPoints'][number] {
  return {
    uuid: p.id,
    name: p.name,
    address: { streetAddress: p.street_address, postalCode: p.postal_code, cityName: p.city_name },
    point: { petraId: p.petra_id },
  };
}

/** A row of the caller's action and its points in the §3 shape (with her review when the row has it: the history use). */
export function toAction(row: ListedActionRow, points: ActionPointTable[]): Action {
  const review =
    row.review_state === undefined ? {} : { review: row.user_status === 'finished' ? { state: row.review_state ?? 'submitted' } : null };
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
      // The action's status by the one rule (decision 110), in §3's words.
      global: { ident: globalIdentOf(row.state) },
    },
    ...review,
  };
}
