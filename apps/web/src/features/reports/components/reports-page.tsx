import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useRequest, type RequestView } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { reportHistoryRequest, sampleStatsRequest } from '../reports-store.ts';
import { ReportHistory } from './report-history.tsx';
import { SoldDevices } from './sold-devices.tsx';
import './reports.css';

const t = pl.reports;

type SectionProps = { view: RequestView; hasSaved: boolean; loadingText: string; failedText: string; children: ReactNode };

/**
 * What was saved shows at once (spec §3) and is replaced when the reload answers; without anything
 * saved, the load's state is said instead. A failed reload over saved data says so above it.
 */
function LoadedSection({ view, hasSaved, loadingText, failedText, children }: SectionProps) {
  const retry = (
    <Button variant="secondary" onClick={view.reload}>
      {t.retry}
    </Button>
  );
  if (hasSaved) {
    return (
      <>
        {view.status === 'failed' ? (
          <div className="reports-page__status">
            <p>{t.offline}</p>
            {retry}
          </div>
        ) : null}
        {children}
      </>
    );
  }
  if (view.status === 'failed') {
    return (
      <div className="reports-page__status">
        <p>{failedText}</p>
        {retry}
      </div>
    );
  }
  if (view.status !== 'loaded') {
    return (
      <p className="reports-page__status" role="status">
        {loadingText}
      </p>
    );
  }
  return <>{children}</>;
}

/** spec §2 Reports list (/raporty). */
export function ReportsPage() {
  const { stats, list } = useAppStore((state) => state.reports);
  const statsView = useRequest(sampleStatsRequest);
  const historyView = useRequest(reportHistoryRequest);
  const historyLoaded = historyView.status === 'loaded' || list.length > 0;

  return (
    <section className="reports-page">
      <title>{pl.pageTitle(pl.pages.reports)}</title>
      <h1>{pl.pages.reports}</h1>
      <h2>{t.soldDevices}</h2>
      <LoadedSection view={statsView} hasSaved={stats !== null} loadingText={t.loadingStats} failedText={t.statsFailed}>
        {stats ? <SoldDevices stats={stats} /> : null}
      </LoadedSection>
      <h2>{t.history}</h2>
      <LoadedSection view={historyView} hasSaved={list.length > 0} loadingText={t.loadingHistory} failedText={t.historyFailed}>
        {historyLoaded && list.length === 0 ? <p className="note">{t.noHistory}</p> : <ReportHistory firstPage={list} />}
      </LoadedSection>
    </section>
  );
}
