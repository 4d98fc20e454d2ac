import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { NotificationDetails, NotificationKind } from '@promotor/contract';
import type { TestApp } from './test-app.ts';

// Notifications and their queued pushes as the notifications module writes them (decision 135): the
// inbox row, and in the same transaction one pending push_sends row per subscription of hers, due now.

export type NotificationOptions = {
  kind?: NotificationKind;
  actionId?: string | null;
  /** Pushes of one topic collapse (Web Push Topic); by default each notification has its own. */
  topic?: string;
  urgent?: boolean;
  details?: Partial<NotificationDetails>;
  readAt?: string | null;
};

/** What an inbox row tells her: names, places and a note, none of which may travel in a push. */
export const PERSONAL_DETAILS: NotificationDetails = {
  actionUuid: null,
  actionName: 'Degustacja Żabka Mokotów',
  since: '2026-12-01 09:00:00',
  place: 'Żabka, ul. Puławska 12, Warszawa',
  previousSince: null,
  previousPlace: null,
  note: 'Zdjęcie półki jest nieostre, Ewo',
  changedActions: null,
};

export type BuiltNotification = { id: number; sends: { id: string; receipt: string; subscriptionId: string }[] };

/** A notification of hers, with a push queued for each of her subscriptions (as they are now). */
export async function buildNotification(t: TestApp, userId: string, o: NotificationOptions = {}): Promise<BuiltNotification> {
  const at = t.clock.now().toISOString();
  const topic = o.topic ?? `topic-${randomUUID()}`;
  return t.db.transaction().execute(async (trx) => {
    const subscriptions = await trx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
    const { id } = await trx
      .insertInto('notifications')
      .values({
        user_id: userId,
        kind: o.kind ?? 'report_returned',
        action_id: o.actionId ?? null,
        details: JSON.stringify({ ...PERSONAL_DETAILS, actionUuid: o.actionId ?? null, ...o.details }),
        topic,
        urgent: o.urgent ? 1 : 0,
        created_at: at,
        read_at: o.readAt ?? null,
        push_devices: subscriptions.length,
        sms_state: 'not_needed',
        sms_attempts: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sends = subscriptions.map((s) => ({ id: randomUUID(), receipt: randomBytes(24).toString('base64url'), subscriptionId: s.id }));
    for (const send of sends) {
      await trx
        .insertInto('push_sends')
        .values({
          id: send.id,
          notification_id: id,
          subscription_id: send.subscriptionId,
          topic,
          receipt: send.receipt,
          state: 'pending',
          created_at: at,
          attempts: 0,
          next_attempt_at: at,
        })
        .execute();
    }
    return { id, sends };
  });
}

/** The stored state of a push. */
export function pushSendOf(t: TestApp, id: string) {
  return t.db.selectFrom('push_sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A browser's subscription (PushSubscription.toJSON()) to a push service that is never called. */
export function browserSubscription(endpoint = `https://push.example.net/wpush/v2/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };
}
