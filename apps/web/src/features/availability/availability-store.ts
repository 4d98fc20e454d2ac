import { toWallClock } from '@promotor/contract/wall-clock';
import { appDay, appTimeZone } from '../../lib/dates/app-time-zone.ts';
import { createRequest } from '../../lib/requests/index.ts';
import { useAppStore } from '../../store/app-store.ts';
import { listAvailability, listCalendarEvents } from './api/availability.api.ts';

/** The wall clock 'YYYY-MM-DD HH:mm:ss' now, in the server's zone: what the availability rules compare. */
export const wallNow = (now = new Date()): string => toWallClock(now, appTimeZone());

/**
 * Her blocks and her actions in the window (spec §9), loaded together and kept in the availability
 * slice. A failure is said on the calendar page itself (its own line with 'Spróbuj ponownie'), not as
 * a toast: the grid stays usable with what was saved. After a create, update or delete: refresh().
 */
export const calendarRequest = createRequest({
  call: async () => {
    const today = appDay(new Date());
    const [list, events] = await Promise.all([listAvailability(today), listCalendarEvents(today)]);
    return { list, events };
  },
  onSuccess: (availability) => useAppStore.setState({ availability }),
});
