import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { inboxRequest } from '../notifications-store.ts';

/** What the service worker tells the open app (vite-plugins/service-worker.template.js). */
type WorkerMessage = { type: 'push'; unread?: number } | { type: 'open'; url: string };

const isWorkerMessage = (data: unknown): data is WorkerMessage =>
  typeof data === 'object' && data !== null && ((data as WorkerMessage).type === 'push' || (data as WorkerMessage).type === 'open');

/**
 * Issue 37: her inbox without a reload. Asked once the header mounts (the app's start after login),
 * again when she comes back to the app (focus, the tab shown again), and when the service worker
 * says a push came. A tap on a shown push opens its screen in this window (the worker asks: 'open').
 */
export function useInboxRefresh(): void {
  const navigate = useNavigate();
  // Outside the effect's dependencies: a router that makes a new navigate per location would otherwise
  // ask for the inbox on every page change.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    void inboxRequest.run();
    // Coming back fires both events at once: run() joins the call under way instead of a second.
    const onBack = () => {
      if (document.visibilityState === 'visible') void inboxRequest.run();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if (!isWorkerMessage(event.data)) return;
      // A push is news the call under way may not have: one more after it (refresh, not run).
      if (event.data.type === 'push') void inboxRequest.refresh();
      else if (event.data.url.startsWith('/')) void navigateRef.current(event.data.url);
    };
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    window.addEventListener('focus', onBack);
    document.addEventListener('visibilitychange', onBack);
    worker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('focus', onBack);
      document.removeEventListener('visibilitychange', onBack);
      worker?.removeEventListener('message', onWorkerMessage);
    };
  }, []);
}
