import { lazy, Suspense } from 'react';
import { AppLoading } from '../layout/root-layout.tsx';

// The page loads as a chunk of its own, fetched by this small route module: the entry chunk lists each
// route's chunks for preloading, and the login page's budget cannot carry the page's dozen (decision 070).
const MgmPage = lazy(() => import('../../features/mgm/components/mgm-page.tsx').then((module) => ({ default: module.MgmPage })));

/** /mgm (spec §2 Member-get-member) */
export function MgmRoute() {
  return (
    <Suspense fallback={<AppLoading />}>
      <MgmPage />
    </Suspense>
  );
}
