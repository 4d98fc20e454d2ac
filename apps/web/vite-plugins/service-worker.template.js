/* global self, caches, Response */
// The service worker of the Promotor web app. vite-plugins/service-worker.ts fills in the two
// placeholders at build time; this file is never loaded as it is.
// Why hand-written and not Workbox: docs/decisions/022-hand-written-service-worker.md.

const CACHE_NAME = '__CACHE_NAME__';
const PRECACHE_FILES = ['__PRECACHE_FILES__'];

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
