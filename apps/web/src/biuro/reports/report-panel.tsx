import { useEffect, useRef, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { Report, ReportFlag, ReportPhoto, ReportSummary } from '../api/admin-types.ts';
import { LoadingState, ErrorState } from '../components/data-states.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { NotificationDeliveries } from '../notifications/notification-deliveries.tsx';
import { ReportFlags } from './report-flags.tsx';
import { ReportGallery, ReportReceipts } from './report-gallery.tsx';
import {
  ReportAnswers,
  ReportExceptions,
  ReportHistory,
  ReportRegistrations,
  ReportSummarySection,
  ReportTimeline,
} from './report-sections.tsx';
import { promoterName, reportKey, reportRef } from './reports-view.ts';
import { ReviewForm } from './review-form.tsx';

type Props = {
  summary: ReportSummary | null;
  canReview: boolean;
  onClose: () => void;
  /** A review or a flag changed the report: the list shows it anew. */
  onChanged: (message: string) => void;
};

/** One report in a side panel (wider than the forms' panels: a gallery and a timeline). */
export function ReportPanel({ summary, canReview, onClose, onChanged }: Props) {
  // The last report stays in the panel while it closes.
  const last = useRef<ReportSummary | null>(null);
  if (summary) last.current = summary;
  const shown = summary ?? last.current;
  return (
    <SidePanel
      open={summary !== null}
      title={shown ? pl.biuroReports.panelTitle(shown.action.name, promoterName(shown)) : pl.biuroReports.title}
      onClose={onClose}
    >
      {shown ? <ReportDetail key={reportKey(shown)} summary={shown} canReview={canReview} onChanged={onChanged} /> : null}
    </SidePanel>
  );
}

function ReportDetail({
  summary,
  canReview,
  onChanged,
}: {
  summary: ReportSummary;
  canReview: boolean;
  onChanged: (message: string) => void;
}) {
  const query = useAdminQuery('/admin/reports/get', reportRef(summary));
  // What this panel changed since it loaded (a review, a flag): shown over the loaded answer.
  const [changed, setChanged] = useState<Report | null>(null);
  useEffect(() => setChanged(null), [query.data]);
  const report = changed ?? query.data?.report ?? null;

  if (!report) {
    return query.status === 'failed' ? (
      <ErrorState message={query.message} onRetry={query.reload} />
    ) : (
      <LoadingState text={pl.biuroReports.loadingReport} />
    );
  }
  const photoChanged = (photo: ReportPhoto) => {
    const photos = report.photos.map((old) => (old.uuid === photo.uuid ? photo : old));
    setChanged({ ...report, photos, flaggedPhotos: photos.filter((one) => one.flagged).length });
    onChanged(photo.flagged ? pl.biuroReports.photoFlagged : pl.biuroReports.photoUnflagged);
  };
  const flagExplained = (flag: ReportFlag) => {
    const flags = report.flags.map((old) => (old.id === flag.id ? flag : old));
    setChanged({ ...report, flags, openFlags: flags.filter((one) => one.explained === null).length });
    onChanged(pl.biuroIntegrity.explained);
  };
  return (
    <div className="report-detail">
      <ReportSummarySection report={report} />
      {canReview ? (
        <ReviewForm
          report={report}
          onReviewed={(next, message) => {
            setChanged(next);
            onChanged(message);
          }}
        />
      ) : null}
      {/* A tool of the review: the brand's viewer gets none (decision 116). */}
      {canReview ? <ReportExceptions report={report} /> : null}
      {/* Plausibility flags (issue 38): the review's too; 'Wyjaśnione' with a note. */}
      {canReview ? (
        <ReportFlags report={report} tiles={query.data?.map ?? null} canExplain={canReview} onExplained={flagExplained} />
      ) : null}
      <ReportTimeline report={report} />
      <ReportGallery report={report} canFlag={canReview} onPhotoChanged={photoChanged} />
      <ReportReceipts report={report} />
      <ReportAnswers report={report} />
      <ReportRegistrations report={report} />
      <ReportHistory report={report} />
      {/* What reached her of this report (issue 37); a review made here may have sent her one: read anew. */}
      <NotificationDeliveries key={report.reviews.length} of={reportRef(summary)} whose={promoterName(summary)} />
    </div>
  );
}
