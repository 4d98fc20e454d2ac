import type { AdminExportQuery, ExportName } from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import type { CsvFile } from '../../lib/csv-file.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import { actorHolds } from '../../plugins/auth.ts';
import { clientView } from '../../lib/client-view.ts';
import { actionColumns, redemptionColumns, registrationColumns } from './export-columns.ts';
import { periodOf, territoryOf, today, type Period } from './export-filter.ts';
import * as repo from './exports.repository.ts';

// The back office's CSV exports (issue 25, decision 092): actions, registrations counted, codes handed
// out. Everything that can refuse the call runs first, then the audit entry with the filter, then the
// file is streamed page by page (exports.repository.ts). No file carries a consumer's personal data.

export type ExportsDeps = { db: Db; now: () => Date; timezone: string };

type Query = z.output<typeof AdminExportQuery>;

/** The longest period one file covers. */
export const EXPORT_DAYS_MAX = 366;
/** Actions per page; an action has a few promoters, so a page is a few hundred rows. */
export const ACTIONS_PER_PAGE = 500;
/** Codes per page. */
export const REDEMPTIONS_PER_PAGE = 1000;

const FILE_PREFIX: Record<ExportName, string> = {
  actions: 'akcje',
  registrations: 'rejestracje',
  redemptions: 'wydane-kody',
  hours: 'godziny-pracy',
};

export type Prepared = { filter: repo.ExportFilter; period: Period; filename: string };

/** The filter checked and resolved (period, territory), and the export recorded in the audit log. */
export async function prepareExport(deps: ExportsDeps, call: StaffCall, name: ExportName, query: Query): Promise<Prepared> {
  const period = periodOf(query, today(deps.now(), deps.timezone), EXPORT_DAYS_MAX);
  const territoryId = await territoryOf(deps.db, query.territory, call.staff.scope);
  const filter = {
    since: period.since,
    until: period.until,
    territoryId,
    eventIdent: query.event,
    promoterIdent: query.promoter,
    status: query.status,
    approvedOnly: clientView(call.actor).approvedOnly,
  };
  const details = {
    from: period.from,
    to: period.to,
    ...(query.territory ? { territory: query.territory } : {}),
    ...(query.event ? { event: query.event } : {}),
    ...(query.promoter ? { promoter: query.promoter } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  await recordAudit(deps.db, deps.now(), { actor: call.actor, verb: `exports.${name}`, details });
  return { filter, period, filename: `${FILE_PREFIX[name]}-${period.from}-${period.to}.csv` };
}

/** The filter's actions as key ranges of a page each, read one after the other. */
async function* actionPages(deps: ExportsDeps, call: StaffCall, filter: repo.ExportFilter) {
  let after: repo.ActionKey | null = null;
  for (;;) {
    const page = await repo.actionsPage(deps.db, filter, call.staff.scope, after, ACTIONS_PER_PAGE);
    if (page.length === 0) return;
    const last = page.at(-1)!;
    yield { after, last };
    if (page.length < ACTIONS_PER_PAGE) return;
    after = last;
  }
}

const showNames = (call: StaffCall) => actorHolds(call.actor, 'promoters.read');

export async function exportActions(deps: ExportsDeps, call: StaffCall, query: Query): Promise<CsvFile<repo.ActionRow>> {
  const { filter, filename } = await prepareExport(deps, call, 'actions', query);
  async function* pages() {
    for await (const range of actionPages(deps, call, filter)) yield await repo.actionRows(deps.db, filter, call.staff.scope, range);
  }
  return { filename, columns: actionColumns(showNames(call), clientView(call.actor)), pages: pages() };
}

export async function exportRegistrations(deps: ExportsDeps, call: StaffCall, query: Query): Promise<CsvFile<repo.RegistrationRow>> {
  const { filter, filename } = await prepareExport(deps, call, 'registrations', query);
  async function* pages() {
    for await (const range of actionPages(deps, call, filter)) yield await repo.registrationRows(deps.db, filter, call.staff.scope, range);
  }
  return { filename, columns: registrationColumns(showNames(call)), pages: pages() };
}

export async function exportRedemptions(deps: ExportsDeps, call: StaffCall, query: Query): Promise<CsvFile<repo.RedemptionRow>> {
  const { filter, filename } = await prepareExport(deps, call, 'redemptions', query);
  async function* pages() {
    let after: repo.RedemptionKey | null = null;
    for (;;) {
      const page = await repo.redemptionsPage(deps.db, filter, call.staff.scope, after, REDEMPTIONS_PER_PAGE);
      if (page.length === 0) return;
      const last = { time: page.at(-1)!.redeemed_date_time!, id: page.at(-1)!.id };
      yield await repo.redemptionRows(deps.db, filter, call.staff.scope, { after, last });
      if (page.length < REDEMPTIONS_PER_PAGE) return;
      after = last;
    }
  }
  return { filename, columns: redemptionColumns, pages: pages() };
}
