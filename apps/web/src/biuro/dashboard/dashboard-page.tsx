import { useMemo } from 'react';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import type { DashboardAnswer } from '../api/admin-types.ts';
import { queryStatus } from '../components/data-states.tsx';
import { FilterBar, TextFilter } from '../components/filter-bar.tsx';
import { TerritoryFilter } from '../components/territory-filter.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { useCan } from '../auth/use-can.ts';
import { FlaggedWeeks } from './dashboard-flags.tsx';
import { DayChart, type DaySeries } from './day-chart.tsx';
import { BRANDS, brandTotals, DASHBOARD_VIEW, DAYS_MAX, dashboardBody, dashboardPeriod, shortDay } from './dashboard-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './dashboard.css';

// Colours told apart also by line style (solid, dashed, dotted), for those who do not see them.
const BRAND_STYLE: Record<(typeof BRANDS)[number], { color: string; dash?: number[] }> = {
  Glo: { color: '#c2410c' },
  Vuse: { color: '#1f5fbf', dash: [8, 4] },
  Velo: { color: '#0f7b4d', dash: [2, 3] },
};

/** Numbers to read at a glance; `label` names them when nothing around does. */
function Tiles({ label, tiles }: { label?: string; tiles: { name: string; value: number }[] }) {
  return (
    <dl className="dash-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.name} className="dash-tile">
          <dt>{tile.name}</dt>
          <dd>{tile.value.toLocaleString('pl-PL')}</dd>
        </div>
      ))}
    </dl>
  );
}

function Charts({ answer }: { answer: DashboardAnswer }) {
  const d = pl.biuroDashboard;
  const days = useMemo(() => answer.days.map((day) => day.date), [answer]);
  const registrations = useMemo<DaySeries[]>(
    () =>
      BRANDS.map((brand) => ({
        label: d.brands[brand],
        values: answer.days.map((day) => day.registrations[brand]),
        ...BRAND_STYLE[brand],
      })),
    [answer, d],
  );
  const codes = useMemo<DaySeries[]>(
    () => [{ label: d.columns.codes, values: answer.days.map((day) => day.codesHandedOut), color: '#1d2a44' }],
    [answer, d],
  );
  const totals = brandTotals(answer.days);
  return (
    <div className="dash-charts">
      <figure className="dash-figure" aria-labelledby="dash-registrations">
        <figcaption id="dash-registrations">{d.registrationsChart}</figcaption>
        <DayChart days={days} series={registrations} />
        <Tiles tiles={BRANDS.map((brand) => ({ name: d.brands[brand], value: totals[brand] }))} />
      </figure>
      <figure className="dash-figure" aria-labelledby="dash-codes">
        <figcaption id="dash-codes">{d.codesChart}</figcaption>
        <DayChart days={days} series={codes} bars />
        <Tiles tiles={[{ name: d.total, value: answer.codesHandedOut }]} />
      </figure>
      <details className="dash-details">
        <summary>{d.showTable}</summary>
        <div className="live-table-scroll">
          <table className="dash-table">
            <caption className="visually-hidden">{d.showTable}</caption>
            <thead>
              <tr>
                <th scope="col">{d.columns.date}</th>
                {BRANDS.map((brand) => (
                  <th key={brand} scope="col">
                    {d.brands[brand]}
                  </th>
                ))}
                <th scope="col">{d.columns.codes}</th>
              </tr>
            </thead>
            <tbody>
              {answer.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{shortDay(day.date)}</time>
                  </th>
                  {BRANDS.map((brand) => (
                    <td key={brand}>{day.registrations[brand]}</td>
                  ))}
                  <td>{day.codesHandedOut}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{d.total}</th>
                {BRANDS.map((brand) => (
                  <td key={brand}>{totals[brand]}</td>
                ))}
                <td>{answer.codesHandedOut}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </div>
  );
}

function Summary({ answer }: { answer: DashboardAnswer }) {
  const d = pl.biuroDashboard;
  const canReview = useCan('reports.review');
  const { actions } = answer;
  return (
    <div className="dash-summary">
      <Tiles
        label={d.tiles.label}
        tiles={[
          { name: d.tiles.registrations, value: answer.registrations },
          { name: d.tiles.codes, value: answer.codesHandedOut },
        ]}
      />
      <section aria-labelledby="dash-actions-title">
        <h2 id="dash-actions-title">{d.actionsTitle}</h2>
        <Tiles
          tiles={[
            { name: d.tiles.total, value: actions.total },
            { name: d.tiles.planned, value: actions.planned },
            { name: d.tiles.started, value: actions.started },
            { name: d.tiles.finished, value: actions.finished },
            { name: d.tiles.approved, value: actions.approved },
            { name: d.tiles.cancelled, value: actions.cancelled },
          ]}
        />
      </section>
      <section aria-labelledby="dash-exceptions-title">
        <h2 id="dash-exceptions-title">{d.exceptionsTitle}</h2>
        {answer.exceptions.every((row) => row.count === 0) ? (
          <p className="biuro-muted">{d.noExceptions}</p>
        ) : (
          <Tiles tiles={answer.exceptions.map((row) => ({ name: pl.biuroLive.exceptions.kinds[row.kind], value: row.count }))} />
        )}
      </section>
      {canReview ? <FlaggedWeeks rows={answer.flaggedActions} /> : null}
    </div>
  );
}

/** The numbers of a period the server accepts (a child, so a refused period asks nothing). */
function DashboardData({ from, to, territory }: { from: string; to: string; territory: string }) {
  const query = useAdminQuery('/admin/dashboard', dashboardBody({ from, to, problem: null }, territory));
  return (
    queryStatus(query) ??
    (query.data ? (
      <div aria-busy={query.status === 'loading' || undefined}>
        <Summary answer={query.data} />
        <Charts answer={query.data} />
      </div>
    ) : null)
  );
}

/** /biuro/pulpit: a period's registrations and codes per day, actions by status, exceptions. */
export function DashboardPage() {
  const d = pl.biuroDashboard;
  const { view, setFilter, clearFilters } = useTableUrlState(DASHBOARD_VIEW);
  const period = dashboardPeriod(view.filters, appDay(new Date()));
  const territory = view.filters.terytorium.trim().toUpperCase();

  usePageTitle(d.title);

  return (
    <section aria-labelledby="dashboard-title">
      <div className="biuro-page-head">
        <h1 id="dashboard-title">{d.title}</h1>
      </div>
      <p className="biuro-muted">{d.intro}</p>
      <FilterBar onClear={clearFilters}>
        <TextFilter type="date" label={d.from} value={period.from} onChange={(value) => setFilter('od', value)} />
        <TextFilter type="date" label={d.to} value={period.to} onChange={(value) => setFilter('do', value)} />
        <TerritoryFilter label={d.territory} value={view.filters.terytorium} onChange={(value) => setFilter('terytorium', value)} />
      </FilterBar>
      {period.problem ? (
        <p className="biuro-alert" role="alert">
          {period.problem === 'reversed' ? d.periodReversed : d.periodTooLong(DAYS_MAX)}
        </p>
      ) : (
        <DashboardData from={period.from} to={period.to} territory={territory} />
      )}
    </section>
  );
}
