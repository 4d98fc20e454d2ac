import * as pl from '../../i18n/pl.ts';
import type { AdminBody, ConsumerRequest, ConsumerRequestKind, ConsumerRequestState } from '../api/admin-types.ts';
import type { PageState, TableViewSpec } from '../lib/table-url-state.ts';
import { appDay, appDaysUntil } from '../../lib/dates/app-time-zone.ts';

// The data-subject requests (issue 26, decision 100): a month to answer (art. 12(3)); the list says
// how many days are left and warns a week ahead.

const t = pl.biuroRequests;
/** A pending request due within this many days is marked "Termin wkrótce". */
export const DUE_SOON_DAYS = 7;

// The contract's enums sit in a zod module the web app does not load (decision 021): the records make
// the compiler name a kind or state added there and missing here.
export const REQUEST_KINDS = Object.keys({
  access: true,
  portability: true,
  erasure: true,
  rectification: true,
} satisfies Record<ConsumerRequestKind, true>) as ConsumerRequestKind[];
export const REQUEST_STATES = Object.keys({ pending: true, completed: true, denied: true } satisfies Record<
  ConsumerRequestState,
  true
>) as ConsumerRequestState[];

type RequestsFilter = 'stan' | 'rodzaj';
export const REQUESTS_VIEW: TableViewSpec<RequestsFilter> = { filters: ['stan', 'rodzaj'], pageSize: 100, sortable: [] };

export function requestsListBody(
  filters: Record<RequestsFilter, string>,
  pagination: PageState,
): AdminBody<'/admin/consumers/requests/list'> {
  const body: AdminBody<'/admin/consumers/requests/list'> = { page: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  const state = REQUEST_STATES.find((one) => one === filters.stan);
  const kind = REQUEST_KINDS.find((one) => one === filters.rodzaj);
  if (state) body.state = state;
  if (kind) body.kind = kind;
  return body;
}

/** Pending first, the nearest due date first; closed ones after, the newest first. */
export function pendingFirst(requests: readonly ConsumerRequest[]): ConsumerRequest[] {
  return [...requests].sort((a, b) => {
    if ((a.state === 'pending') !== (b.state === 'pending')) return a.state === 'pending' ? -1 : 1;
    if (a.state === 'pending') return a.dueAt.localeCompare(b.dueAt);
    return b.receivedAt.localeCompare(a.receivedAt);
  });
}

export type Deadline = { tone: 'ok' | 'soon' | 'overdue'; text: string } | null;

/**
 * A pending request's due date against now, in days of the app's calendar (issue 33: received 29.11,
 * due 29.12 leaves 30 days, whatever the hour): the due day itself says "today", past it overdue by
 * the days since the due day. Closed requests have no deadline any more.
 */
export function deadlineOf(request: ConsumerRequest, now: Date): Deadline {
  if (request.state !== 'pending') return null;
  if (new Date(request.dueAt).getTime() <= now.getTime()) {
    return { tone: 'overdue', text: t.overdue(Math.max(1, -appDaysUntil(appDay(new Date(request.dueAt)), now))) };
  }
  const days = appDaysUntil(appDay(new Date(request.dueAt)), now);
  return { tone: days <= DUE_SOON_DAYS ? 'soon' : 'ok', text: days === 0 ? t.dueToday : t.dueIn(days) };
}

/** Carrying it out answers her data (a JSON file to save): access and portability. */
export const answersExport = (kind: ConsumerRequestKind) => kind === 'access' || kind === 'portability';

/** An export's file name: dane-<kind>-<her id's start>-<day in the app's zone>.json. */
export const exportFileName = (request: ConsumerRequest, now: Date) =>
  `dane-${request.kind}-${request.consumer.uuid.slice(0, 8)}-${appDay(now)}.json`;

/** The address of her card on the consumers' page (her id only: never her e-mail or number). */
export const consumerCardPath = (uuid: string) => `/konsumenci?konsument=${encodeURIComponent(uuid)}`;
