import * as pl from '../../i18n/pl.ts';
import type { AuditVerb } from '@promotor/contract';
import type { AdminBody, AuditEntry } from '../api/admin-types.ts';
import type { PageState, TableViewSpec } from '../lib/table-url-state.ts';
import { appDateText, appDayStartInstant } from '../../lib/dates/app-time-zone.ts';

type AuditFilter = 'kto' | 'zdarzenie' | 'od' | 'do';

/** The audit log is paged by the server, newest first: the address holds its filters and page. */
export const AUDIT_VIEW: TableViewSpec<AuditFilter> = { filters: ['kto', 'zdarzenie', 'od', 'do'], pageSize: 50, sortable: [] };

export function auditListBody(filters: Record<AuditFilter, string>, pagination: PageState): AdminBody<'/admin/audit/list'> {
  const body: AdminBody<'/admin/audit/list'> = { page: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  if (filters.kto.trim()) body.actor = filters.kto.trim();
  const verb = AUDIT_VERB_OPTIONS.find((one) => one === filters.zdarzenie);
  if (verb) body.verb = verb;
  // Days of the app's calendar (APP_TIMEZONE, issue 33); the log answers instants: from the first day's
  // midnight to the midnight after the last day.
  const from = dayStart(filters.od, 0);
  const to = dayStart(filters.do, 1);
  if (from) body.from = from;
  if (to) body.to = to;
  return body;
}

function dayStart(day: string, plusDays: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays));
  return appDayStartInstant(date.toISOString().slice(0, 10));
}

/** The kinds of event to choose from (the catalogue names each verb the server writes). */
export const AUDIT_VERB_OPTIONS = Object.keys(pl.biuro.audit.verbs) as AuditVerb[];

/** An event in words; a verb this build does not know yet shows its code. */
export const verbText = (verb: string): string => (pl.biuro.audit.verbs as Record<string, string>)[verb] ?? verb;

/** The object as a person calls it: its kind and name, else its kind and the start of its id. */
export function objectText(object: NonNullable<AuditEntry['object']>): string {
  const kind = pl.biuro.audit.objectTypes[object.type] ?? object.type;
  if (object.name) return `${kind}: ${object.name}`;
  return object.uuid ? pl.biuro.audit.objectById(kind, object.uuid.slice(0, 8)) : kind;
}

/** Where the back office shows the object, when it does: the plan's week, the promoter, the staff account, her card, the requests. */
export function objectLink(object: NonNullable<AuditEntry['object']>): string | null {
  if (!object.uuid) return null;
  switch (object.type) {
    case 'action':
      return object.day ? `/plan?dzien=${object.day}` : null;
    case 'promoter':
      return object.name ? `/promotorzy?szukaj=${encodeURIComponent(object.name)}` : null;
    case 'staff':
      return object.name ? `/personel?szukaj=${encodeURIComponent(object.name)}` : null;
    case 'consumer':
      return `/konsumenci?konsument=${encodeURIComponent(object.uuid)}`;
    case 'subject_request':
      return '/wnioski';
    default:
      return null;
  }
}

/** Who: a staff member's or promoter's name, else what kind of caller (a failed login names what was typed). */
export const actorOf = (entry: AuditEntry): string => entry.actor.name ?? pl.biuro.audit.actorTypes[entry.actor.type] ?? entry.actor.type;

/** A time of the log on the app's clock (APP_TIMEZONE), to the second (the log keeps UTC). */
export const auditTime = (iso: string): string => appDateText(iso, 'second');
