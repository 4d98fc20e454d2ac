import type { ReportReviewMark } from '@promotor/contract';
import { useCallback, useState } from 'react';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { retryMayHelp } from '../../../lib/retry-may-help.ts';
import { loadActionReport } from '../api/reports.api.ts';
import { useLoad } from '../hooks/use-load.ts';
import { PhotoModal, type ShownPhoto } from './photo-modal.tsx';
import { ReportPhotos } from './report-photos.tsx';
import { ReportReceipts } from './report-receipts.tsx';
import { ReportReview } from './report-review.tsx';
import { ReportSummary } from './report-summary.tsx';
import './reports.css';

const t = pl.reports;

/** spec §2 Report detail (/raport/{reportId}); the back link goes to /raporty. */
export function ReportDetailPage({ actionUuid }: { actionUuid: string | undefined }) {
  const { state, reload } = useLoad(actionUuid ?? null, loadActionReport);
  const [photo, setPhoto] = useState<ShownPhoto | null>(null);
  // The review her resubmission answered (issue 25), over the one loaded, until the next load.
  const [review, setReview] = useState<{ state: typeof state; review: ReportReviewMark } | null>(null);
  const loaded = state?.status === 'loaded' ? state.data : null;
  const report = loaded && review?.state === state ? { ...loaded, review: review.review } : loaded;
  const onReview = useCallback((next: ReportReviewMark) => setReview({ state, review: next }), [state]);
  const title = report?.name ?? pl.pages.reportDetail;

  return (
    <section className="report-page">
      <title>{pl.pageTitle(title)}</title>
      <BackLink to="/raporty">{pl.pages.backToReports}</BackLink>
      <h1>{title}</h1>
      {!state || state.status === 'loading' ? (
        <p className="reports-page__status" role="status">
          {t.loadingReport}
        </p>
      ) : state.status === 'failed' ? (
        <div className="reports-page__status" role="alert">
          <p>
            {t.reportFailed} {errorMessage(state.error)}
          </p>
          {/* Not for a report that is not hers or does not exist: asking again finds nothing either (decision 075). */}
          {retryMayHelp(state.error) ? (
            <Button variant="secondary" onClick={reload}>
              {t.retry}
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <ReportReview report={report ?? state.data} onReview={onReview} onRefused={reload} />
          <ReportSummary report={report ?? state.data} />
          <ReportReceipts actionUuid={state.data.uuid} onOpen={setPhoto} />
          <ReportPhotos actionUuid={state.data.uuid} onOpen={setPhoto} />
        </>
      )}
      <PhotoModal photo={photo} onClose={() => setPhoto(null)} />
    </section>
  );
}
