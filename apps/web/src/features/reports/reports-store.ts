import { createRequest } from '../../lib/requests/index.ts';
import { useAppStore } from '../../store/app-store.ts';
import { listFinishedActions, loadSampleStats } from './api/reports.api.ts';

// The reports screen's two loads, kept in the reports slice (spec §3) so that what was last loaded shows
// at once and offline. A failure is said on the page itself (its own line with 'Spróbuj ponownie'),
// next to what was saved, not as a toast.

const setReports = (change: Partial<ReturnType<typeof useAppStore.getState>['reports']>) =>
  useAppStore.setState((state) => ({ reports: { ...state.reports, ...change } }));

/** Her devices per period (spec §2 'Ilość sprzedanych urządzeń:'), with her own ID as the hostess code. */
export const sampleStatsRequest = createRequest({
  call: () => {
    const ident = useAppStore.getState().user.profile?.ident;
    if (!ident) throw new Error('not logged in');
    return loadSampleStats(ident);
  },
  onSuccess: (stats) => setReports({ stats }),
});

/** The first page of her finished actions (spec §9 history use, page 0); further pages are the page's own. */
export const reportHistoryRequest = createRequest({
  call: () => listFinishedActions(0),
  onSuccess: (list) => setReports({ list }),
});
