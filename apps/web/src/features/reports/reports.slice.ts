import type { ReportReviewState, SampleStatsResponse } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

/**
 * A finished action as the reports list shows it: a link with its name and date (spec §2 Reports list),
 * and the state of its review (issue 25: 'Do poprawy'); missing in a list saved before reviews existed.
 */
export type ReportListItem = { uuid: string; name: string; since: string; review?: ReportReviewState | null };

// spec §3 persisted state: reports (list). Saved, so /raporty shows her last numbers and her first page
// of finished actions at once, and without a connection, before the reload answers. Further pages and
// a report's own details are not kept (decision 061). Type-only imports: the store is in the entry
// chunk; reports-store.ts writes it.
export type ReportsState = {
  /** The first page of /action/list's history use (spec §9). */
  list: ReportListItem[];
  /** The last answer of /sample/stats, null before the first. */
  stats: SampleStatsResponse | null;
};

export type ReportsSlice = { reports: ReportsState };

const initialReportsState: ReportsState = { list: [], stats: null };

export const createReportsSlice: SliceCreator<ReportsSlice> = () => ({ reports: initialReportsState });

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    reports: ReportsSlice;
  }
}
