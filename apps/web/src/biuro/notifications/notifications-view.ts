import * as pl from '../../i18n/pl.ts';
import type { NotificationDelivery } from '../api/admin-types.ts';

// How one notification reached her, in words (issue 37, decision 135). The API's times are wall-clock
// text of APP_TIMEZONE ('YYYY-MM-DD HH:mm:ss', spec §3), so they are shown as written, never
// converted by the browser's zone.

const t = pl.biuroNotifications;

/** done: it reached her; waiting: may still; none: nothing to send or no way to; failed: did not. */
export type Tone = 'done' | 'waiting' | 'none' | 'failed';
export type Status = { text: string; tone: Tone };

/** '2026-12-01 10:05:00' as '01.12.2026 10:05'. */
export function wallDateTime(at: string): string {
  const [y = '', m = '', d = ''] = at.slice(0, 10).split('-');
  return `${d}.${m}.${y} ${at.slice(11, 16)}`;
}

/** A time of the notification's life: 'HH:mm' on the day it was made, with the day ('02.12 08:00') after. */
export function clockText(at: string, createdAt: string): string {
  if (at.slice(0, 10) === createdAt.slice(0, 10)) return at.slice(11, 16);
  return `${at.slice(8, 10)}.${at.slice(5, 7)} ${at.slice(11, 16)}`;
}

export const kindText = (kind: string): string => t.kinds[kind] ?? kind;

export function pushStatus(delivery: NotificationDelivery): Status {
  const { pushShownAt, pushSentAt, pushDevices, createdAt } = delivery;
  if (pushShownAt) return { text: t.push.shown(clockText(pushShownAt, createdAt)), tone: 'done' };
  if (pushSentAt) return { text: `${t.push.sent(clockText(pushSentAt, createdAt))} (${t.push.devices(pushDevices)})`, tone: 'done' };
  if (pushDevices === 0) return { text: t.push.noDevices, tone: 'none' };
  return { text: t.push.pending, tone: 'waiting' };
}

export function appStatus(delivery: NotificationDelivery): Status {
  return delivery.readAt
    ? { text: t.app.read(clockText(delivery.readAt, delivery.createdAt)), tone: 'done' }
    : { text: t.app.unread, tone: 'waiting' };
}

export function smsStatus(delivery: NotificationDelivery): Status {
  switch (delivery.sms) {
    case 'not_needed':
      return { text: t.sms.not_needed, tone: 'none' };
    case 'waiting':
      return {
        text: delivery.smsDueAt ? t.sms.waitingUntil(clockText(delivery.smsDueAt, delivery.createdAt)) : t.sms.waiting,
        tone: 'waiting',
      };
    case 'quiet_hours':
      return { text: t.sms.quiet_hours, tone: 'waiting' };
    case 'sent':
      return {
        text: delivery.smsSentAt ? t.sms.sent(clockText(delivery.smsSentAt, delivery.createdAt)) : t.sms.sent('').trim(),
        tone: 'done',
      };
    case 'failed':
      return { text: t.sms.failed, tone: 'failed' };
  }
}

export function resentText(delivery: NotificationDelivery): string {
  if (!delivery.resentAt) return t.resentNever;
  const at = wallDateTime(delivery.resentAt);
  return delivery.resentBy ? t.resentBy(at, delivery.resentBy) : at;
}

/** How a notification names itself in a list of several: its kind, her name where the list has several promoters, its time. */
export function deliveryLabel(delivery: NotificationDelivery, withPromoter: boolean): string {
  const who = withPromoter ? `, ${delivery.promoter.name}` : '';
  return `${kindText(delivery.kind)}${who}, ${wallDateTime(delivery.createdAt)}`;
}
