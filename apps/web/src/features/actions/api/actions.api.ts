import type { ListActionsBody, SaveLocationBody } from '@promotor/contract';
import { ACTIONS_CURRENT_PAGE_SIZE, CURRENT_ACTION_STATUSES } from '@promotor/contract/constants';
import { api, dataOf } from '../../../lib/api-client.ts';
import { appStartOfDay } from '../../../lib/dates/app-time-zone.ts';

/** spec §7 /action/list, §9 current use: since the start of today (the server's day), statuses started and accepted, limit 200. */
export function currentListBody(now: Date): ListActionsBody {
  return {
    actions: { since: appStartOfDay(now), filters: { statuses: [...CURRENT_ACTION_STATUSES] } },
    pagination: { limit: ACTIONS_CURRENT_PAGE_SIZE, offset: 0 },
  };
}

export const listCurrentActions = (now = new Date()) => api.call('actionList', currentListBody(now)).then(({ data }) => data.actions);

/** spec §7 /action/location/save; every try of one ping carries the same key (decision 005). */
export const saveLocation = (body: SaveLocationBody, idempotencyKey: string) =>
  api.call('actionLocationSave', body, { idempotencyKey }).then(dataOf);
