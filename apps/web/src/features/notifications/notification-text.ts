import type { InboxNotification, NotificationDetails } from '@promotor/contract';
import * as pl from '../../i18n/pl.ts';

// Issue 37: what her inbox says of each notification, made on the phone from its kind and details (the
// server sends data, not sentences). Dates arrive as 'YYYY-MM-DD HH:mm:ss' in the server's zone: cut,
// never converted, and written as her action list writes them (spec §2: D-M-Y, HH:mm).

const t = pl.notifications;

/** '2026-03-05 08:00:00' → '5-3-2026 08:00' */
export function formatWhen(dateTime: string): string {
  const [year, month, day] = dateTime.slice(0, 10).split('-');
  return `${Number(day)}-${Number(month)}-${year} ${dateTime.slice(11, 16)}`;
}

/** '5-3-2026' of a date time, for a report (its day is what she knows it by). */
const formatDay = (dateTime: string) => formatWhen(dateTime).slice(0, -6);

const joined = (...parts: (string | null)[]) => parts.filter((part): part is string => Boolean(part)).join(', ');

/** The action, its start and its point: 'Degustacja glo, 5-3-2026 08:00, Żabka, Marszałkowska 1'. */
const actionLine = (details: NotificationDetails) => joined(details.actionName, details.since && formatWhen(details.since), details.place);

/** A moved action: its name, then what changed as 'before → after' (its time, its point, or both). */
function movedLines(details: NotificationDetails): string[] {
  const { since, place, previousSince, previousPlace } = details;
  const changes = [
    previousSince && since ? t.moved(formatWhen(previousSince), formatWhen(since)) : null,
    previousPlace && place ? t.moved(previousPlace, place) : null,
  ].filter((line): line is string => line !== null);
  return changes.length > 0 ? [joined(details.actionName), ...changes] : [actionLine(details)];
}

function linesOf({ kind, details }: InboxNotification): string[] {
  switch (kind) {
    case 'report_returned':
      return [joined(details.actionName, details.since && formatDay(details.since)), details.note ? t.note(details.note) : ''];
    case 'action_moved':
      return movedLines(details);
    case 'plan_changed':
      return [details.changedActions === null ? t.planChangedUncounted : t.planChanged(details.changedActions)];
    case 'action_cancelled':
    case 'action_assigned':
      return [actionLine(details)];
  }
}

/** The notification's title ('Raport do poprawy', 'Akcja odwołana'…) and the lines under it. */
export function notificationText(notification: InboxNotification): { title: string; lines: string[] } {
  return { title: t.kinds[notification.kind], lines: linesOf(notification).filter((line) => line !== '') };
}

/**
 * The screen a tap opens: her report to correct (/raport/…, where she resubmits it), the moved or new
 * action's detail, and her action list for a cancelled one (it has left her list) or a changed plan.
 */
export function notificationTarget({ kind, details }: InboxNotification): string {
  const uuid = details.actionUuid;
  if (kind === 'report_returned') return uuid ? `/raport/${uuid}` : '/raporty';
  if ((kind === 'action_moved' || kind === 'action_assigned') && uuid) return `/akcja/${uuid}`;
  return '/akcje';
}
