import type { AdminExportQuery } from '@promotor/contract';
import type { z } from 'zod';
import type { CsvFile } from '../../lib/csv-file.ts';
import type { StaffCall } from '../../plugins/audit-trail.ts';
import type { LiveThresholds } from '../live/live.service.ts';
import { prepareExport, type ExportsDeps } from './exports.service.ts';
import { hoursColumns } from './hours-columns.ts';
import { hoursLines, type HoursLine } from './hours-lines.ts';
import * as repo from './hours.repository.ts';

// /api/admin/exports/hours.csv (issue 34, decision 128): her hours per day of the period and her total,
// for payroll. The filter, scope, refusals and audit entry are the other exports' (decision 092); the
// route's permission is promoters.read, so the brand's viewer and the privacy officer never get it.

export type HoursDeps = ExportsDeps & {
  /** The live day's thresholds: the flags are its rules (decisions 091, 116). */
  thresholds: LiveThresholds;
  /** Promoters per page; a page holds each one's whole period. */
  promotersPerPage?: number;
};

/** Promoters per page: a month of a promoter is a few dozen shifts, so a page is a few thousand rows. */
export const PROMOTERS_PER_PAGE = 100;

export async function exportHours(deps: HoursDeps, call: StaffCall, query: z.output<typeof AdminExportQuery>): Promise<CsvFile<HoursLine>> {
  const { filter, filename } = await prepareExport(deps, call, 'hours', query);
  const perPage = deps.promotersPerPage ?? PROMOTERS_PER_PAGE;
  // One instant for the whole file: a shift still running is judged the same on every page.
  const clock = { timezone: deps.timezone, now: deps.now().getTime(), thresholds: deps.thresholds };
  async function* pages() {
    let after: repo.PromoterKey | null = null;
    for (;;) {
      const page = await repo.promotersPage(deps.db, filter, call.staff.scope, after, perPage);
      if (page.length === 0) return;
      const last = page.at(-1)!;
      yield hoursLines(await repo.shiftRows(deps.db, filter, call.staff.scope, { after, last }), clock);
      if (page.length < perPage) return;
      after = last;
    }
  }
  return { filename, columns: hoursColumns, pages: pages() };
}
