import { useSyncExternalStore } from 'react';

// Whether the app is without a connection, as one calm state
// (docs/decisions/045-offline-signal-and-error-code.md): the browser says it is offline, or the last
// call found no connection (a browser that still says "online" on a dead network). Any answer from
// the server, or the browser's 'online' event, ends it.

let lastCallFailed = false;
const listeners = new Set<() => void>();

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

function notify(): void {
  listeners.forEach((listener) => listener());
}

// Listened to from the start, so a call that failed before going back online is not held against it.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    lastCallFailed = false;
    notify();
  });
  window.addEventListener('offline', notify);
}

/** The API client reports each call: `false` when it found no connection, `true` when the server answered. */
export function reportConnection(reached: boolean): void {
  if (lastCallFailed === !reached) return;
  lastCallFailed = !reached;
  notify();
}

export const isOffline = (): boolean => browserOffline() || lastCallFailed;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: true while the app is without a connection. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
