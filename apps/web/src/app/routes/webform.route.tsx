import { lazy, Suspense } from 'react';
import { AppLoading } from '../layout/root-layout.tsx';

// The webform and the camera load as a chunk of their own, fetched by this small route module. The
// entry chunk lists every route's chunks for preloading; listed there, the webform's two dozen would
// cost the login page ~0.15 KB of its 110 KB budget, which it does not have (decision 068).
const WebformScreen = lazy(() => import('./webform-screen.tsx').then((module) => ({ default: module.WebformScreen })));

/** /webform (spec §2 Webform). */
export function WebformRoute() {
  return (
    <Suspense fallback={<AppLoading />}>
      <WebformScreen />
    </Suspense>
  );
}
