import { NOTIFICATION_KINDS } from '@promotor/contract';
import { describe, expect, it, vi } from 'vitest';
import { notificationPush } from '../src/i18n/pl/notifications.ts';
import { renderServiceWorker } from './service-worker.ts';

// Issue 37: the worker's Web Push handlers, run from the very sw.js text the build emits, against a
// stand-in of the worker's global (self.registration, self.clients) and of fetch.

type Listener = (event: Record<string, unknown>) => void;
type FakeWindow = { url: string; focused: boolean; postMessage: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> };

const fakeWindow = (path: string, focused = false): FakeWindow => ({
  url: `https://promotor.example${path}`,
  focused,
  postMessage: vi.fn(),
  focus: vi.fn(async () => undefined),
});

function loadWorker({ windows = [] as FakeWindow[], showNotification = vi.fn(async () => undefined) } = {}) {
  const listeners = new Map<string, Listener>();
  const fetch = vi.fn(async () => new Response('{}'));
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    location: { origin: 'https://promotor.example' },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    navigator: { setAppBadge: vi.fn(async () => undefined) },
  };
  const source = renderServiceWorker({ cacheName: 'promotor-shell-test', files: ['/index.html'], apiBase: '/api' });
  new Function('self', 'caches', 'fetch', source)(self, {}, fetch);

  /** Dispatches an event to the worker and waits for what it asked to be waited for. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    expect(waits, `${type} is handled inside waitUntil`).toHaveLength(1);
    await Promise.all(waits);
  }
  const push = (payload: unknown) => dispatch('push', { data: { json: () => payload } });
  const tap = (data: unknown) => dispatch('notificationclick', { notification: { data, close: vi.fn() } });
  return { self, fetch, listeners, dispatch, push, tap, showNotification };
}

const payload = { kind: 'report_returned', url: '/raport/action-7', receipt: 'r'.repeat(32), unread: 3 };

describe('the service worker and Web Push', () => {
  it('keeps its caching: install, activate and fetch are still handled', () => {
    const { listeners } = loadWorker();
    expect([...listeners.keys()]).toEqual(['install', 'activate', 'fetch', 'push', 'notificationclick']);
  });

  it('shows every push with its kind’s Polish words, tagged by kind and screen, with the screen a tap opens', async () => {
    const worker = loadWorker();
    await worker.push(payload);

    expect(worker.showNotification).toHaveBeenCalledWith('Raport do poprawy', {
      body: notificationPush.report_returned.body,
      tag: 'report_returned:/raport/action-7',
      renotify: true,
      icon: '/icons/icon-192.png',
      data: { url: '/raport/action-7' },
    });
  });

  it('once shown, tells the server at the API’s /notifications/shown with the receipt and no token, and the app’s open windows', async () => {
    const app = fakeWindow('/akcje');
    const backOffice = fakeWindow('/biuro/raporty');
    let shown = false;
    const worker = loadWorker({ windows: [app, backOffice], showNotification: vi.fn(async () => void (shown = true)) });
    worker.fetch.mockImplementation(async () => {
      expect(shown, 'the receipt goes after the notification is shown').toBe(true);
      return new Response('{}');
    });

    await worker.push(payload);

    expect(worker.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = worker.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/notifications/shown');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ receipt: payload.receipt });
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'push', unread: 3 });
    expect(backOffice.postMessage).not.toHaveBeenCalled();
    expect(worker.self.navigator.setAppBadge).toHaveBeenCalledWith(3);
  });

  it('a push it cannot read is still shown, in general words, opening her inbox; no receipt is sent', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: null });
    await worker.dispatch('push', { data: { json: () => JSON.parse('not json') } });
    await worker.push({ kind: 'something_new', url: '//elsewhere.example/' });

    expect(worker.showNotification).toHaveBeenCalledTimes(3);
    for (const [title, options] of worker.showNotification.mock.calls as unknown as [string, NotificationOptions][]) {
      expect(title).toBe(notificationPush.other.title);
      expect(options.data).toEqual({ url: '/powiadomienia' });
    }
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('has Polish words for every kind of notification', () => {
    for (const kind of NOTIFICATION_KINDS) expect(notificationPush[kind].title, kind).not.toBe('');
  });

  it('a tap asks the app’s open window to open the screen, and focuses it', async () => {
    const other = fakeWindow('/kalendarz');
    const focused = fakeWindow('/akcje', true);
    const worker = loadWorker({ windows: [other, focused] });

    await worker.tap({ url: '/raport/action-7' });

    expect(focused.postMessage).toHaveBeenCalledWith({ type: 'open', url: '/raport/action-7' });
    expect(focused.focus).toHaveBeenCalled();
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a tap with no window of the app open opens one at the screen', async () => {
    const worker = loadWorker({ windows: [fakeWindow('/biuro')] });

    await worker.tap({ url: '/akcja/action-9' });

    expect(worker.self.clients.openWindow).toHaveBeenCalledWith('/akcja/action-9');
  });
});
