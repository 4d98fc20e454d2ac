import type {
  AdminNotificationDelivery,
  AdminNotificationListBody,
  AdminNotificationListResponse,
  AdminNotificationResendBody,
  AdminNotificationResendResponse,
} from '@promotor/contract';
import type { z } from 'zod';
import { refusedTry } from '../../lib/app-error.ts';
import { clientView } from '../../lib/client-view.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import { actorHolds } from '../../plugins/auth.ts';
import { queuePushes } from './notification-events.service.ts';
import { inQuietHours, quietHoursEnd } from './notification-rules.ts';
import * as repo from './notifications.repository.ts';
import { wallOf, wallOrNull, type NotificationsDeps } from './notifications.service.ts';
import { rearmSms } from './sms-fallback.repository.ts';
import { sendDueSmsNow } from './sms-fallback.service.ts';

// The back office's view of what reached her (issue 37, decision 135): per notification of an action
// (or of one report: the action and one promoter) — pushed to how many devices, shown, read, SMS — and
// a resend by staff. The territory guard is the one of every admin action and report query: an action
// outside the caller's territories answers as a missing one (decision 109).

/** A resend within this of the previous one changes nothing: one push per device and one SMS per burst of clicks. */
export const RESEND_MIN_INTERVAL_MS = 60_000;

const person = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function toDelivery(row: repo.DeliveryRow, timezone: string, names: boolean): AdminNotificationDelivery {
  return {
    id: Number(row.id),
    kind: row.kind,
    createdAt: wallOf(row.created_at, timezone),
    // Who may not read promoters (the brand's client) gets her hostess code only, as in the reports.
    promoter: { ident: row.user_ident, name: names ? person(row.firstname, row.lastname) : '' },
    action: row.action_id === null ? null : { uuid: row.action_id, name: row.action_name ?? '' },
    pushDevices: row.push_devices,
    pushSentAt: wallOrNull(row.push_sent_at, timezone),
    pushShownAt: wallOrNull(row.push_shown_at, timezone),
    readAt: wallOrNull(row.read_at, timezone),
    sms: row.sms_state,
    smsDueAt: row.sms_state === 'waiting' || row.sms_state === 'quiet_hours' ? wallOrNull(row.sms_due_at, timezone) : null,
    smsSentAt: wallOrNull(row.sms_sent_at, timezone),
    resentAt: wallOrNull(row.resent_at, timezone),
    resentBy: row.resent_at === null ? null : person(row.resent_by_firstname, row.resent_by_lastname) || row.resent_by_username,
  };
}

export async function list(
  deps: NotificationsDeps,
  call: StaffCall,
  body: z.output<typeof AdminNotificationListBody>,
): Promise<AdminNotificationListResponse> {
  const action = await repo.findActionInScope(deps.db, body.action.uuid, call.staff.scope);
  if (!action) throw refusedTry('E_ACTION_NOT_FOUND', { type: 'action', ids: [body.action.uuid] });
  const rows = await repo.listDeliveries(deps.db, action.id, body.promoter?.ident);
  // Who may not review sees no send-backs: they tell of reports not approved (decision 112).
  const shown = clientView(call.actor).approvedOnly ? rows.filter((r) => r.kind !== 'report_returned') : rows;
  const names = actorHolds(call.actor, 'promoters.read');
  return { notifications: shown.map((r) => toDelivery(r, deps.timezone, names)) };
}

/**
 * Pushes it again to every device of hers now and, for an event that falls back to SMS, sends the SMS
 * at once (in the quiet hours: at 8:00) — unless she has read it meanwhile. Audited in its transaction.
 */
export async function resend(
  deps: NotificationsDeps,
  call: StaffCall,
  body: z.output<typeof AdminNotificationResendBody>,
): Promise<AdminNotificationResendResponse> {
  const id = body.notification.id;
  const row = await repo.findDeliveryInScope(deps.db, id, call.staff.scope);
  if (!row) throw refusedTry('E_NOT_FOUND', { type: 'notification', ids: [String(id)] });
  const at = deps.now();
  const sms = await deps.db.transaction().execute(async (trx) => {
    const notBeforeIso = new Date(at.getTime() - RESEND_MIN_INTERVAL_MS).toISOString();
    if (!(await repo.markResent(trx, id, { atIso: at.toISOString(), staffId: call.staff.staffId, notBeforeIso }))) return null;
    const pushDevices = await queuePushes(
      trx,
      { id, userId: row.user_id, topic: row.topic },
      { atIso: at.toISOString(), pushOn: deps.pushOn },
    );
    const quiet = inQuietHours(at, deps.timezone);
    const state = quiet ? ('quiet_hours' as const) : ('waiting' as const);
    const rearmed = await rearmSms(trx, id, state, (quiet ? quietHoursEnd(at, deps.timezone) : at).toISOString());
    await recordAudit(trx, at, {
      actor: call.actor,
      verb: 'notifications.resend',
      object: row.action_id === null ? { type: 'promoter', id: row.user_id } : { type: 'action', id: row.action_id },
      details: { notification: id, kind: row.kind, promoter: row.user_ident, pushDevices, ...(rearmed ? { sms: state } : {}) },
    });
    return rearmed ? state : null;
  });
  if (sms === 'waiting') await sendDueSmsNow(deps, id, deps.now);
  const after = await repo.findDelivery(deps.db, id);
  return { notification: toDelivery(after!, deps.timezone, actorHolds(call.actor, 'promoters.read')) };
}
