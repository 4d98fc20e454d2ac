import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: reports (list). Filled by the reports issue.
export type ReportsState = { list: unknown[] };

export type ReportsSlice = { reports: ReportsState };

const initialReportsState: ReportsState = { list: [] };

export const createReportsSlice: SliceCreator<ReportsSlice> = () => ({ reports: initialReportsState });
