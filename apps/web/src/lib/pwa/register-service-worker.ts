/**
 * Registers dist/sw.js (vite-plugins/service-worker.ts). Production builds only: in development the
 * worker would serve stale modules. Failures are harmless; the app then simply needs the network.
 * Called after the first screen is drawn (main.tsx, decision 081), when the page has loaded.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
