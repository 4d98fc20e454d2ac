import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { adminDownload } from '../api/admin-api.ts';
import { useStaffSession } from '../auth/staff-session.ts';
import { canWith } from '../auth/use-can.ts';
import { FilterBar, SelectFilter, TextFilter } from '../components/filter-bar.tsx';
import { TerritoryFilter } from '../components/territory-filter.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { EXPORTS, EXPORTS_VIEW, exportPeriod, exportQuery, saveFile, type ExportName } from './exports-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './exports.css';

const t = pl.biuroExports;

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/**
 * /biuro/eksporty (issue 25, decision 095): the filter and a button per CSV file. Each is fetched with
 * the staff token (a plain link cannot send it) and saved under the name the server gives it.
 */
export function ExportsPage() {
  const { view, setFilter, clearFilters } = useTableUrlState(EXPORTS_VIEW);
  const today = appDay(new Date());
  const period = exportPeriod(view.filters, today);
  const query = exportQuery(view.filters, today);
  const [busy, setBusy] = useState<ExportName | null>(null);
  const roles = useStaffSession().session?.staff.roles;
  const files = EXPORTS.filter((file) => canWith(roles, file.permission));
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  usePageTitle(t.title);

  async function download(name: ExportName, path: (typeof EXPORTS)[number]['path']) {
    if (!query) return;
    setBusy(name);
    setOutcome(null);
    try {
      const file = await adminDownload(path, query);
      const fileName = file.fileName ?? `${name}-${query.from}-${query.to}.csv`;
      saveFile(file.blob, fileName);
      setOutcome({ kind: 'done', text: t.downloaded(fileName) });
    } catch (error) {
      setOutcome({ kind: 'failed', text: t.failed(errorMessage(error)) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="exports-title">
      <div className="biuro-page-head">
        <h1 id="exports-title">{t.title}</h1>
      </div>
      <p className="biuro-muted">{t.intro}</p>
      <p className="exports-privacy">{t.privacy}</p>
      <FilterBar onClear={clearFilters}>
        <TextFilter type="date" label={t.from} value={period.from} onChange={(value) => setFilter('od', value)} />
        <TextFilter type="date" label={t.to} value={period.to} onChange={(value) => setFilter('do', value)} />
        <TerritoryFilter label={t.territory} value={view.filters.terytorium} onChange={(value) => setFilter('terytorium', value)} />
        <TextFilter label={t.event} value={view.filters.wydarzenie} onChange={(value) => setFilter('wydarzenie', value)} />
        <TextFilter label={t.promoter} value={view.filters.promotor} onChange={(value) => setFilter('promotor', value)} />
        <SelectFilter
          label={t.status}
          value={view.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={Object.entries(pl.biuro.plan.statuses).map(([value, label]) => ({ value, label }))}
        />
      </FilterBar>
      {query ? null : (
        <p className="biuro-alert" role="alert">
          {t.toBeforeFrom}
        </p>
      )}
      <section aria-labelledby="exports-files" className="exports-files">
        <h2 id="exports-files">{t.files}</h2>
        <ul className="exports-list">
          {files.map(({ name, path }) => (
            <li key={name} className="exports-item">
              <Button busy={busy === name} disabled={!query || (busy !== null && busy !== name)} onClick={() => void download(name, path)}>
                {busy === name ? t.downloading : t.names[name]}
              </Button>
              <span className="biuro-muted">{t.descriptions[name]}</span>
            </li>
          ))}
        </ul>
      </section>
      {outcome ? (
        <p className={outcome.kind === 'done' ? 'biuro-notice' : 'biuro-alert'} role={outcome.kind === 'done' ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
