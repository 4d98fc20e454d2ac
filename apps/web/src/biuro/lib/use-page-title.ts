import { useEffect } from 'react';
import * as pl from '../../i18n/pl.ts';

/**
 * The tab's title for a page of the back office ('Raporty | Promotor — biuro'): the first thing a
 * screen reader reads after a page change, and how she tells her tabs apart (WCAG 2.4.2, decision 139).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pl.biuro.pageTitle(title);
  }, [title]);
}
