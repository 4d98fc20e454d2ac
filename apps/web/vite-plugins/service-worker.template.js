/* global self, caches, Response */
// The service worker of the Promotor web app. vite-plugins/service-worker.ts fills in the
// placeholders at build time; this file is never loaded as it is.
// Why hand-written and not Workbox: docs/decisions/022-hand-written-service-worker.md.

const CACHE_NAME = '__CACHE_NAME__';
const PRECACHE_FILES = ['__PRECACHE_FILES__'];
/** Where the worker says a push was shown: the API's /notifications/shown (the contract's path). */
const SHOWN_URL = '__SHOWN_URL__';
/** Per kind of push, its title and body in Polish (i18n/pl/notifications.ts, notificationPush). */
const PUSH_TEXTS = '__PUSH_TEXTS__';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE_NAME).then((cache) => cache.addAll(PRECACHE_FILES)));
});

// Only caches of older builds are removed; the new worker takes over once no tab runs the old build,
// so a page never mixes files of two builds.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('promotor-shell-') && name !== CACHE_NAME).map((name) => caches.delete(name))),
      ),
  );
});

const neverCached = (url) => url.pathname.startsWith('/api/') || url.pathname === '/version.json' || url.pathname === '/sw.js';

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;

  // Pages: the network first, so an online phone always gets the newest build; offline, this build's shell.
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE_NAME })));
    return;
  }

  // Hashed build files never change under one name: the cache first.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE_NAME }).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE_NAME).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
    return;
  }

  // Icons, the web manifest: the network, falling back to this build's copy.
  event.respondWith(fetch(request).catch(() => caches.match(request, { cacheName: CACHE_NAME }).then((hit) => hit || Response.error())));
});

// Issue 37: Web Push. The payload ({ kind, url, receipt, unread }) carries no personal data: the
// notification says in general words what happened, the app's inbox says the rest.

/** The push's payload, or an empty one when it cannot be read (a notification is shown all the same). */
function readPush(event) {
  try {
    const data = event.data ? event.data.json() : null;
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

/** An app path only: a tap never opens another site. */
const appPath = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/powiadomienia');

/** The windows of the promoter app (never the back office's, under /biuro), the focused one first. */
const appWindows = () =>
  self.clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((windows) =>
      windows.filter((client) => !new URL(client.url).pathname.startsWith('/biuro')).sort((a, b) => Number(b.focused) - Number(a.focused)),
    );

/** The server learns the push was shown (its receipt is the key: the worker holds no session). */
function sayShown(receipt) {
  if (typeof receipt !== 'string') return undefined;
  return fetch(SHOWN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ receipt }),
  }).catch(() => undefined);
}

/** Open windows ask for the inbox now (the bell's count without a reload); the icon's badge follows. */
function tellWindows(unread) {
  const badge = typeof unread === 'number' && self.navigator.setAppBadge ? self.navigator.setAppBadge(unread).catch(() => undefined) : null;
  return Promise.all([badge, appWindows().then((windows) => windows.forEach((client) => client.postMessage({ type: 'push', unread })))]);
}

// Every push shows a notification, inside waitUntil: a push that shows nothing costs the subscription
// on iOS (and Chrome shows a generic one in its place).
self.addEventListener('push', (event) => {
  const push = readPush(event);
  const kind = Object.prototype.hasOwnProperty.call(PUSH_TEXTS, push.kind) ? push.kind : 'other';
  const url = appPath(push.url);
  const shown = self.registration.showNotification(PUSH_TEXTS[kind].title, {
    body: PUSH_TEXTS[kind].body,
    // One per kind and screen: a second change of the same plan or action replaces the first, and rings again.
    tag: `${kind}:${url}`,
    renotify: true,
    icon: '/icons/icon-192.png',
    data: { url },
  });
  event.waitUntil(shown.then(() => Promise.all([sayShown(push.receipt), tellWindows(push.unread)])));
});

// A tap opens its screen: in the app's open window, which the app moves there itself (no reload, so
// nothing she was doing is lost); else in a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    appWindows().then((windows) => {
      const open = windows[0];
      if (!open) return self.clients.openWindow(url);
      open.postMessage({ type: 'open', url });
      return open.focus();
    }),
  );
});
