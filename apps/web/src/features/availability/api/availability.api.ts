import type { Action } from '@promotor/contract';
import { ACTIONS_CURRENT_PAGE_SIZE, CURRENT_ACTION_STATUSES } from '@promotor/contract/constants';
import { availabilityWindow } from '@promotor/contract/rules';
import { api } from '../../../lib/api-client.ts';
import type { CalendarEvent } from '../availability.slice.ts';

/** spec §7 /availability/list, §9: since today until the end of the month two months ahead. */
export const listAvailability = (today: string) =>
  api.call('availabilityList', { availability: availabilityWindow(today) }).then(({ data }) => data.availability);

/** spec §7 /availability/create (then the list is reloaded, §4). */
export const createAvailability = (since: string, until: string) => api.call('availabilityCreate', { availability: { since, until } });

/** Ours (decision 057): 'Zapisz' moves a block in one step, under the create rules. */
export const updateAvailability = (uuid: string, since: string, until: string) =>
  api.call('availabilityUpdate', { availability: { uuid, since, until } });

/** spec §7 /availability/delete */
export const deleteAvailability = (uuid: string) => api.call('availabilityDelete', { availability: { uuid } });

const toEvent = (action: Action): CalendarEvent => ({
  uuid: action.uuid,
  name: action.name,
  since: action.since.date,
  until: action.until.date,
});

/**
 * Her actions in the calendar's window (/action/list as the current list asks, with the window's end):
 * the organiser's cancelled ones are left out — the calendar shows where she is expected (decision 059).
 */
export const listCalendarEvents = (today: string) =>
  api
    .call('actionList', {
      actions: { ...availabilityWindow(today), filters: { statuses: [...CURRENT_ACTION_STATUSES] } },
      pagination: { limit: ACTIONS_CURRENT_PAGE_SIZE, offset: 0 },
    })
    .then(({ data }) => data.actions.filter((action) => action.status.global.ident !== 'hst_cancelled').map(toEvent));
