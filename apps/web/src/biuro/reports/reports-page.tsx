import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { useCan } from '../auth/use-can.ts';
import { FilterBar, SearchFilter, SelectFilter, TextFilter } from '../components/filter-bar.tsx';
import { TerritoryFilter } from '../components/territory-filter.tsx';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { ReportsList } from './reports-list.tsx';
import { FLAGGED_ONLY, REPORT_STATES, REPORTS_VIEW, reportsListBody, reportsPeriod, stateText } from './reports-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './reports.css';

/**
 * /biuro/raporty (issue 25, decision 095): the reports of a period, one per action and promoter, to
 * review one by one in a side panel or approve in bulk. A client reads the approved ones only (the
 * server gives her no other) and sees no review controls.
 */
export function ReportsPage() {
  const canReview = useCan('reports.review');
  const table = useTableUrlState(REPORTS_VIEW);
  const { view, setFilter, clearFilters } = table;
  const today = appDay(new Date());
  const period = reportsPeriod(view.filters, today);
  const body = reportsListBody(view.filters, view.pagination, today);

  usePageTitle(pl.biuroReports.title);

  return (
    <section aria-labelledby="reports-title">
      <div className="biuro-page-head">
        <h1 id="reports-title">{pl.biuroReports.title}</h1>
      </div>
      <p className="biuro-muted">{canReview ? pl.biuroReports.intro : pl.biuroReports.clientIntro}</p>
      <FilterBar onClear={clearFilters}>
        <TextFilter type="date" label={pl.biuroReports.from} value={period.from} onChange={(value) => setFilter('od', value)} />
        <TextFilter type="date" label={pl.biuroReports.to} value={period.to} onChange={(value) => setFilter('do', value)} />
        <TerritoryFilter
          label={pl.biuroReports.territory}
          value={view.filters.terytorium}
          onChange={(value) => setFilter('terytorium', value)}
        />
        {canReview ? (
          <SelectFilter
            label={pl.biuroReports.state}
            value={view.filters.stan}
            onChange={(value) => setFilter('stan', value)}
            options={REPORT_STATES.map((state) => ({ value: state, label: stateText(state) }))}
          />
        ) : null}
        {canReview ? (
          <SelectFilter
            label={pl.biuroIntegrity.filter}
            value={view.filters.wyjasnienie}
            onChange={(value) => setFilter('wyjasnienie', value)}
            options={[{ value: FLAGGED_ONLY, label: pl.biuroIntegrity.filterOption }]}
          />
        ) : null}
        <SearchFilter label={pl.biuroReports.event} value={view.filters.wydarzenie} onChange={(value) => setFilter('wydarzenie', value)} />
        <SearchFilter label={pl.biuroReports.promoter} value={view.filters.promotor} onChange={(value) => setFilter('promotor', value)} />
      </FilterBar>
      {body ? (
        <ReportsList body={body} table={table} canReview={canReview} />
      ) : (
        <p className="biuro-alert" role="alert">
          {pl.biuroReports.toBeforeFrom}
        </p>
      )}
    </section>
  );
}
