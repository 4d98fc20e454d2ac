import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { NotificationKind, PushPayload } from '@promotor/contract';
import type { VapidKeys } from './push-keys.ts';

// What one push carries and how it is addressed (issue 37, decision 136). The payload names no one and
// nothing of her day: the app fetches her inbox when it shows the push.

/** 48 hours: a push older than that is news no longer (her inbox and the SMS fallback have it). */
export const PUSH_TTL_SECONDS = 48 * 3600;

/** The app's screen a tap opens (apps/web/src/app/router.tsx); the inbox for anything else. */
export function pushUrl(kind: NotificationKind, actionId: string | null): string {
  // A sent-back report's screen is the finished action's (/raport/:actionUuid).
  if (kind === 'report_returned' && actionId) return `/raport/${encodeURIComponent(actionId)}`;
  return '/powiadomienia';
}

/**
 * The Web Push `Topic` of a notification's topic: at most 32 characters of the URL-safe alphabet
 * (RFC 8030 §5.4), so a digest; it also keeps the action's id away from the push service.
 */
export function webPushTopic(topic: string): string {
  return createHash('sha256').update(topic).digest('base64url').slice(0, 32);
}

export type PushRequest = { endpoint: string; headers: Record<string, string>; body: Buffer };

/** The encrypted request for one subscription, signed with our VAPID key (web-push does the RFC 8291/8292 work). */
export function pushRequest(
  keys: VapidKeys,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  o: { topic: string; urgent: boolean },
): PushRequest {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: o.urgent ? 'high' : 'normal',
      topic: webPushTopic(o.topic),
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  // fetch counts the body itself.
  for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  return { endpoint: details.endpoint, headers, body: details.body };
}
