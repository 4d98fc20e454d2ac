import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
// First: the features register their slices before anything builds the store (decision 082).
import './app/store-slices.ts';
import { App } from './app/app.tsx';
import { afterFirstPaint, firstScreenDrawn } from './lib/startup/after-first-paint.ts';
import { watchGeolocationPermission } from './lib/geolocation/geolocation-permission.ts';
import { linkAppManifest } from './lib/pwa/app-links.ts';
import { recordServerBuildTime } from './lib/pwa/build-time.ts';
import { registerServiceWorker } from './lib/pwa/register-service-worker.ts';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const reactRoot = createRoot(root);

/** Rendered after the app: its effect runs once the first screen is committed and painted (decision 081). */
function FirstScreenDrawn() {
  useEffect(firstScreenDrawn, []);
  return null;
}

// A transition lets React render the first screen in short slices instead of one long task, so a slow
// phone answers taps sooner (Total Blocking Time, docs/performance.md).
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
      <FirstScreenDrawn />
    </StrictMode>,
  ),
);

// None of these draws the first screen: they wait until it is drawn (decision 081). spec §4 Other
// (the build time is still recorded at start, before any page can compare it).
afterFirstPaint(() => {
  linkAppManifest();
  void recordServerBuildTime();
  void watchGeolocationPermission();
  registerServiceWorker();
});
