import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { listFinishedActions } from '../api/reports.api.ts';
import { formatReportDate } from '../report-format.ts';
import type { ReportListItem } from '../reports.slice.ts';

const t = pl.reports;
const PAGE_SIZE = 100; // spec §9 history page size (the contract's constant would bring zod here)

type MorePages = { pages: ReportListItem[][]; loading: boolean; failed: string | null; done: boolean };

/**
 * The pages after the first (spec §9: offset 100 × page), on demand: 'Pokaż więcej' while the last
 * page was full. Not kept in the store: the first page is what the screen shows offline (decision 061).
 */
function useMorePages(firstPage: ReportListItem[]) {
  const [more, setMore] = useState<MorePages>({ pages: [], loading: false, failed: null, done: false });
  const lastPage = more.pages.at(-1) ?? firstPage;
  const canLoadMore = !more.done && lastPage.length >= PAGE_SIZE;
  const loadMore = () => {
    const page = more.pages.length + 1;
    setMore((state) => ({ ...state, loading: true, failed: null }));
    listFinishedActions(page).then(
      (items) => setMore((state) => ({ pages: [...state.pages, items], loading: false, failed: null, done: items.length < PAGE_SIZE })),
      (error: unknown) => setMore((state) => ({ ...state, loading: false, failed: errorMessage(error) })),
    );
  };
  return { items: [...firstPage, ...more.pages.flat()], canLoadMore, loading: more.loading, failed: more.failed, loadMore };
}

/** What her report's review asks of her (issue 25): 'Do poprawy', 'Wysłana ponownie'; nothing otherwise. */
function ReviewBadge({ state }: { state: ReportListItem['review'] }) {
  const text = state ? t.reviewBadges[state] : undefined;
  if (!text) return null;
  // Part of the link's name ('… Do poprawy 05-03-2026'), so a screen reader says it too.
  return (
    <>
      <span className={`report-badge report-badge--${state}`}>{text}</span>{' '}
    </>
  );
}

/** 'Raporty z akcji:': her finished actions as links to their reports, name and DD-MM-YYYY (spec §2). */
export function ReportHistory({ firstPage }: { firstPage: ReportListItem[] }) {
  const { items, canLoadMore, loading, failed, loadMore } = useMorePages(firstPage);
  // The same action may move between pages while she pages (one finished meanwhile): listed once.
  const seen = new Set<string>();
  const unique = items.filter((item) => !seen.has(item.uuid) && seen.add(item.uuid));
  return (
    <>
      <ul className="report-list">
        {unique.map((item) => (
          <li key={item.uuid}>
            <Link to={`/raport/${item.uuid}`} className="report-list__link">
              <span className="report-list__name">{item.name}</span> <ReviewBadge state={item.review} />
              <span className="report-list__date">{formatReportDate(item.since)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="reports-page__status" role="alert">
          {failed}
        </p>
      ) : null}
      {canLoadMore ? (
        <Button variant="secondary" block busy={loading} onClick={loadMore}>
          {loading ? pl.loading : t.showMore}
        </Button>
      ) : null}
    </>
  );
}
