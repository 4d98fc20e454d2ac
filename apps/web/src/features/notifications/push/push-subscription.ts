import type { PushSubscribeBody } from '@promotor/contract';
import { dropPushSubscription, loadPushKey, savePushSubscription } from '../api/notifications.api.ts';
import { setPushWanted } from '../notifications-store.ts';
import { pushPermission, pushSupport } from './push-support.ts';

// Issue 37: this phone's Web Push subscription. Asked for only on her tap ('Włącz powiadomienia'),
// renewed at each app start while she wants it and the permission holds (a subscription can lapse
// without notice: expirationTime is null), replaced when the server's key is not the one it was made
// with (a rotated VAPID key), dropped at logout.

/** How long the service worker may take to be ready (never, where it failed to register: dev builds). */
const READY_TIMEOUT_MS = 10_000;

export type EnableOutcome = 'enabled' | 'dismissed' | 'denied' | 'unavailable' | 'failed';

/** base64url (the server's VAPID public key) → its bytes, as pushManager.subscribe takes it. */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, index) => byte === wanted[index]);
}

function readyRegistration(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    });
  });
}

/** What the server keeps of a subscription (PushSubscription.toJSON(), its keys named). */
function subscriptionBody(subscription: PushSubscription): PushSubscribeBody['subscription'] {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Subscribes this phone with the server's key (keeping a subscription made with it, replacing one made
 * with another) and tells the server. False when the server sends no push (no key).
 */
async function subscribeThisPhone(): Promise<boolean> {
  const key = await loadPushKey();
  if (!key) return false;
  const wanted = keyBytes(key);
  const { pushManager } = await readyRegistration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, wanted)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  await savePushSubscription(subscriptionBody(subscription));
  return true;
}

/**
 * 'Włącz powiadomienia': the browser's prompt first, while her tap still counts as one (Safari asks
 * only then), then the subscription. Never rejects.
 */
export async function enablePush(): Promise<EnableOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  try {
    if (!(await subscribeThisPhone())) return 'unavailable';
  } catch (error) {
    console.warn('push: subscribing failed', error);
    return 'failed';
  }
  setPushWanted(true);
  return 'enabled';
}

/** At each app start after login: the subscription again, when she turned push on and may still get it. */
export function renewPush(wanted: boolean): void {
  if (!wanted || pushSupport() !== 'supported' || pushPermission() !== 'granted') return;
  subscribeThisPhone().catch((error: unknown) => console.warn('push: renewing failed', error));
}

/** This phone's subscription as it is now, null without one (or without a service worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * At logout, while her token still works: the server forgets this phone, then the browser does. A
 * server that does not answer soon (offline) does not hold the logout up: the push service's 410 at
 * the next push tells it instead. Never rejects.
 */
export async function disablePush(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await dropPushSubscription(subscription.endpoint, AbortSignal.timeout(3000)).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('push: unsubscribing failed', error);
  }
}
