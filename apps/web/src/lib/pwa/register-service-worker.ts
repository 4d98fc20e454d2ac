/**
 * Registers dist/sw.js (vite-plugins/service-worker.ts). Production builds only: in development the
 * worker would serve stale modules. Failures are harmless; the app then simply needs the network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
