import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link.tsx';
import * as pl from '../../i18n/pl.ts';
import { pageHasHeader, pageStyleName } from './page-style.ts';
import './layout.css';

// The header and its menu are not needed on the login page, the first screen most visits show:
// loading them lazily keeps /login within its size budget (scripts/check-bundle-size.mjs).
const loadHeader = () => import('./header.tsx');
const Header = lazy(() => loadHeader().then((module) => ({ default: module.Header })));

// Opened straight on a page with a header, fetch the header's code together with the page's, not after it.
if (pageHasHeader(pageStyleName(window.location.pathname))) void loadHeader();

/** Every page: the header where spec §2 wants one, and the page under a class named after it. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const styleName = pageStyleName(pathname);
  const nextPathname = navigation.location?.pathname;

  // Never on the login page itself (its first visit stays within budget, docs/performance.md): while
  // the router fetches the code of a page with a header (after login, /akcje), fetch the header too.
  useEffect(() => {
    if (nextPathname !== undefined && pageHasHeader(pageStyleName(nextPathname))) void loadHeader();
  }, [nextPathname]);

  return (
    <div className={`app-shell page-${styleName}`}>
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden="true" /> : null}
      {/* Past the header's burger, outbox, bell and coupon to the page (WCAG 2.4.1); no header, nothing to skip. */}
      {pageHasHeader(styleName) ? <SkipLink /> : null}
      {pageHasHeader(styleName) ? (
        <Suspense fallback={<div className="app-header" aria-hidden="true" />}>
          <Header />
        </Suspense>
      ) : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Shown while the first page's code loads. A div, not a p: a paragraph's margin would collapse through
 * the body and move the whole page when the first page replaces it (a layout shift, docs/performance.md).
 */
export function AppLoading() {
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      {pl.loading}
    </div>
  );
}
