import type { ActionState } from '@promotor/contract/rules';
import { approvedCell, type ClientView } from '../../lib/client-view.ts';
import type { CsvColumn } from '../../lib/csv-file.ts';
import type { ActionRow, RedemptionRow, RegistrationRow } from './exports.repository.ts';

// The exports' columns: Polish headers (the files are read by people in Polish Excel), one cell each.
// Times are the wall clock of APP_TIMEZONE as 'YYYY-MM-DD HH:mm:ss', which Excel in Polish reads as a
// date and time (and sorts); counts are numbers. The brand's viewer (client) never reads promoters'
// data (decision 085): her files carry the hostess code, which every registration already gives the
// brand, but not the name.

/** The action's status (decision 110), in the words of Plan and the live day. */
const ACTION_STATE: Record<ActionState, string> = {
  planned: 'Zaplanowana',
  started: 'W trakcie',
  finished: 'Zakończona',
  approved: 'Zaakceptowana',
  cancelled: 'Odwołana',
};

const REVIEW_STATE: Record<string, string> = {
  submitted: 'Przesłany',
  changes_requested: 'Do poprawy',
  resubmitted: 'Poprawiony',
  approved: 'Zaakceptowany',
};

/** Her part in the action. */
function herStatus(row: ActionRow): string | null {
  if (row.hostess_code === null) return null;
  if (row.cancelled_at !== null) return 'Odwołana przez promotorkę';
  if (row.status === 'finished') return 'Zakończona';
  if (row.status === 'started') return 'W trakcie';
  return 'Nierozpoczęta';
}

/** Her report: the review's state, or 'Przesłany' once she has finished and no one has reviewed it. */
function reviewState(row: ActionRow): string | null {
  if (row.review_state) return REVIEW_STATE[row.review_state] ?? row.review_state;
  return row.status === 'finished' && row.cancelled_at === null ? REVIEW_STATE.submitted! : null;
}

const fullName = (row: { firstname: string | null; lastname: string | null }) =>
  row.firstname === null ? null : `${row.firstname} ${row.lastname ?? ''}`.trim();
const count = (n: number | string | null) => Number(n ?? 0);

/**
 * The brand's viewer sees approved results only (decision 112, lib/client-view.ts): for her, a report's
 * own cells (tapped start and end, its state, its registrations and codes) stay empty until it is
 * approved; the action's plan is hers to read.
 */
export function actionColumns(showNames: boolean, view: ClientView): CsvColumn<ActionRow>[] {
  const approvedOr = <V>(cell: (row: ActionRow) => V) => approvedCell(view, cell);
  return [
    { header: 'Wydarzenie', cell: (r) => r.event_ident },
    { header: 'Akcja', cell: (r) => r.ident },
    { header: 'Nazwa akcji', cell: (r) => r.name },
    { header: 'Terytorium', cell: (r) => r.territory_ident },
    { header: 'Punkt', cell: (r) => r.point_name },
    { header: 'Miasto', cell: (r) => r.point_city },
    { header: 'Planowany początek', cell: (r) => r.since },
    { header: 'Planowany koniec', cell: (r) => r.until },
    { header: 'Kod hostessy', cell: (r) => r.hostess_code },
    ...(showNames ? [{ header: 'Promotorka', cell: (r: ActionRow) => fullName(r) }] : []),
    { header: 'Jej status', cell: herStatus },
    { header: 'Rozpoczęcie', cell: approvedOr((r) => r.started_at) },
    { header: 'Zakończenie', cell: approvedOr((r) => r.ended_at) },
    { header: 'Stan raportu', cell: approvedOr(reviewState) },
    { header: 'Status akcji', cell: (r) => ACTION_STATE[r.action_state] },
    { header: 'Rejestracje', cell: approvedOr((r) => (r.hostess_code === null ? null : count(r.registrations))) },
    { header: 'Wydane kody', cell: approvedOr((r) => (r.hostess_code === null ? null : count(r.codes))) },
  ];
}

export function registrationColumns(showNames: boolean): CsvColumn<RegistrationRow>[] {
  return [
    { header: 'Wydarzenie', cell: (r) => r.event_ident },
    { header: 'Akcja', cell: (r) => r.ident },
    { header: 'Nazwa akcji', cell: (r) => r.name },
    { header: 'Terytorium', cell: (r) => r.territory_ident },
    { header: 'Planowany początek', cell: (r) => r.since },
    { header: 'Kod hostessy', cell: (r) => r.hostess_code },
    ...(showNames ? [{ header: 'Promotorka', cell: (r: RegistrationRow) => fullName(r) }] : []),
    { header: 'Marka', cell: (r) => r.brand },
    { header: 'Model', cell: (r) => r.model },
    { header: 'Liczba', cell: (r) => count(r.count) },
  ];
}

export const redemptionColumns: CsvColumn<RedemptionRow>[] = [
  { header: 'Wydany', cell: (r) => r.redeemed_date_time },
  { header: 'Wydarzenie', cell: (r) => r.event_ident },
  { header: 'Partia', cell: (r) => r.batch_ident },
  { header: 'Kod', cell: (r) => r.code },
  { header: 'Kod hostessy', cell: (r) => r.hostess_code },
  { header: 'Akcja', cell: (r) => r.action_ident },
  { header: 'Terytorium', cell: (r) => r.territory_ident },
];
