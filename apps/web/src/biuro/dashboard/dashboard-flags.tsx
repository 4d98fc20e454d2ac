import * as pl from '../../i18n/pl.ts';
import type { DashboardAnswer } from '../api/admin-types.ts';
import { shortDay } from './dashboard-view.ts';

// Pulpit's 'Do wyjaśnienia' (issue 38, decision 138): actions with a plausibility flag per week of
// their planned start and territory — a small table, for who reviews (the brand's client gets none).

const t = pl.biuroIntegrity;

/** The Sunday of the week a Monday (YYYY-MM-DD) begins. */
function sundayOf(monday: string): string {
  const d = new Date(`${monday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
}

export function FlaggedWeeks({ rows }: { rows: DashboardAnswer['flaggedActions'] }) {
  return (
    <section aria-labelledby="dash-flags-title">
      <h2 id="dash-flags-title">{t.dashboardTitle}</h2>
      <p className="biuro-muted">{t.dashboardIntro}</p>
      {rows.length === 0 ? (
        <p className="biuro-muted">{t.dashboardNone}</p>
      ) : (
        <div className="live-table-scroll">
          <table className="dash-table">
            <caption className="visually-hidden">{t.dashboardTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{t.dashboardColumns.week}</th>
                <th scope="col">{t.dashboardColumns.territory}</th>
                <th scope="col">{t.dashboardColumns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.week}|${row.territory?.ident ?? ''}`}>
                  <th scope="row">
                    <time dateTime={row.week}>{t.week(shortDay(row.week), shortDay(sundayOf(row.week)))}</time>
                  </th>
                  <td>{row.territory ? `${row.territory.name} (${row.territory.ident})` : pl.biuroReports.none}</td>
                  <td>{row.actions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
