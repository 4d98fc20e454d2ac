import { useContext, useLayoutEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

// Where each page of this tab's history was scrolled to, by history entry: kept over a reload (the
// browser's own restoration is turned off, it would restore before our pages have drawn).
const STORAGE_KEY = 'promotor-scroll-positions';
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * A new page starts at the top; back and forward bring her back to where she was (decision 075). What
 * React Router's <ScrollRestoration> does, with the router's own bookkeeping (it saves the position
 * as a navigation starts, before the next page replaces the content), but mounted with the lazy
 * header: the component would land in the entry chunk, and the login page has no bytes to spare
 * (docs/performance.md). The pages without a header (login, reminder) are short.
 */
export function useScrollRestoration(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();

  useLayoutEffect(() => {
    if (!router) return;
    const kept = (positions ??= savedPositions());
    window.history.scrollRestoration = 'manual';
    const disable = router.enableScrollRestoration(kept, () => window.scrollY);
    const save = () => {
      kept[router.state.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
      } catch {
        // No session storage (private mode, full): positions live as long as the page.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      disable();
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);

  const hasRouter = routerState !== null;
  // The header (and this hook) mounts after the first page has drawn, maybe after she scrolled it: the
  // page she is on when it mounts keeps its place; only the pages she goes to next start at the top.
  const [firstKey] = useState(location.key);
  const restore = routerState?.restoreScrollPosition;
  const keep = routerState?.preventScrollReset === true;
  useLayoutEffect(() => {
    if (!hasRouter || restore === false) return; // no data router (unit tests); a revalidation, not a navigation
    if (typeof restore === 'number') window.scrollTo(0, restore);
    else if (!keep && location.key !== firstKey) window.scrollTo(0, 0);
  }, [hasRouter, location, restore, keep, firstKey]);
}
