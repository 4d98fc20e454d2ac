// Issue 37: whether this browser can take Web Push, read fresh each time (permissions change in the
// browser's settings while the app runs). No request and no prompt: asking is push-subscription.ts's,
// and only on her tap.

/**
 * 'ios-home-screen': an iPhone or iPad outside a Home-Screen app, where iOS (16.4+) offers no push at
 * all — she must add the app to the Home Screen first. 'unsupported': no Notification, service worker
 * or PushManager (an old browser, a private window of some).
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-home-screen';

/** iPadOS Safari names itself a Mac; a Mac has no touch points. */
const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** Opened from the Home Screen: the manifest's display mode, or iOS's own flag. */
const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;

export function pushSupport(): PushSupport {
  if (isAppleMobile() && !isStandalone()) return 'ios-home-screen';
  if (!('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  return 'supported';
}

/** The browser's permission for notifications ('default': not asked yet, or the prompt was dismissed). */
export const pushPermission = (): NotificationPermission => Notification.permission;
