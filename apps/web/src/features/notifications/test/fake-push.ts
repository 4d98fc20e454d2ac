import { vi } from 'vitest';

// jsdom has no Notification, service worker or PushManager: the browser's part of Web Push is played
// here (our server's part is the fake server of each test). Remove it with removeFakePush() after each test.

export const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
export const OLD_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

export type FakeSubscription = PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };

let counter = 0;

/** A subscription made with `key` (base64url), as the browser would answer it. */
export function fakeSubscription(key: Uint8Array): FakeSubscription {
  const endpoint = `https://push.example.test/send/${++counter}`;
  return {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `p256dh-${counter}`, auth: `auth-${counter}` } }),
    unsubscribe: vi.fn(async () => true),
    getKey: () => null,
  } as unknown as FakeSubscription;
}

export type FakePushOptions = {
  /** Notification.permission before any prompt. */
  permission?: NotificationPermission;
  /** What she answers the prompt. */
  answer?: NotificationPermission;
  /** This phone's subscription before the test. */
  subscription?: FakeSubscription | null;
};

const added: [object, string][] = [];

function define(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { configurable: true, value });
  added.push([target, name]);
}

/** A browser that can take Web Push: Notification, PushManager and a ready service worker. */
export function useFakePush({ permission = 'default', answer = 'granted', subscription = null }: FakePushOptions = {}) {
  let current: FakeSubscription | null = subscription;
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});

  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      current = fakeSubscription(options.applicationServerKey as Uint8Array);
      return current;
    }),
  };
  const registration = { pushManager };
  // The container is an event target: the worker's messages to the page arrive on it.
  const container = Object.assign(new EventTarget(), {
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  });
  define(navigator, 'serviceWorker', container);
  return {
    requestPermission,
    pushManager,
    subscription: () => current,
    /** The service worker posts to the page. */
    postFromWorker: (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data })),
  };
}

/** An iPhone's Safari; `standalone`: opened from the Home Screen. */
export function useIPhone({ standalone }: { standalone: boolean }) {
  define(
    navigator,
    'userAgent',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  );
  define(navigator, 'standalone', standalone);
}

export function removeFakePush(): void {
  for (const [target, name] of added.splice(0)) delete (target as Record<string, unknown>)[name];
}
