import type { ActionReport, ReportResubmitResponse, ReportReviewMark } from '@promotor/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { enqueue, onOutboxRefused, onOutboxSent, useOutbox, type OutboxItem } from '../../../lib/outbox/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { reportResubmitKind, resubmitItem } from '../submit/outbox-kinds.ts';

const t = pl.reports.review;

/** Where she adds what was asked (decision 093): the survey screen and the end photos, for this action. */
export const surveyFixPath = (actionUuid: string) => `/photos?akcja=${encodeURIComponent(actionUuid)}`;
export const endPhotosFixPath = (actionUuid: string) => `/akcja/koniec/${encodeURIComponent(actionUuid)}?poprawka`;

const isResubmitOf = (item: OutboxItem, actionUuid: string) => item.kind === reportResubmitKind.name && item.group === actionUuid;

type Props = { report: ActionReport; onReview: (review: ReportReviewMark) => void; onRefused: () => void };

/**
 * Her report's review (issue 25), at the top of /raport/{id}: while changes are requested the
 * coordinator's reason and note, where to add what was asked, and 'Wyślij ponownie do akceptacji'
 * (through the outbox: offline it waits in the phone and goes once); once resubmitted, that it was.
 */
export function ReportReview({ report, onReview, onRefused }: Props) {
  const { uuid } = report;
  const headingId = useId();
  const [asked, setAsked] = useState(false);
  const waiting = useOutbox()
    .pendingFor(uuid)
    .some((item) => isResubmitOf(item, uuid));

  useEffect(() => {
    const offSent = onOutboxSent((item, data) => {
      if (isResubmitOf(item, uuid)) onReview((data as ReportResubmitResponse).review);
    });
    // The popup of the app says why; the report is read again for its state now.
    const offRefused = onOutboxRefused((item) => {
      if (!isResubmitOf(item, uuid)) return;
      setAsked(false);
      onRefused();
    });
    return () => {
      offSent();
      offRefused();
    };
  }, [uuid, onReview, onRefused]);

  const state = report.review?.state;
  if (state === 'resubmitted' || (state === 'changes_requested' && (asked || waiting))) {
    return (
      <section className="report-review report-review--resubmitted" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.resubmittedTitle}</h2>
        <p role="status">{state === 'resubmitted' ? t.resubmitted : t.sending}</p>
      </section>
    );
  }
  if (state !== 'changes_requested') return null;

  const resubmit = () => {
    setAsked(true);
    enqueue([resubmitItem(report)]).catch((error: unknown) => {
      console.error('The resubmission could not be queued', error);
      setAsked(false);
      useAppStore.getState().showToast(t.notStored, 'error');
    });
  };
  const { note, reason } = report.review!;
  return (
    <section className="report-review" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.changesTitle}</h2>
      {reason ? (
        <p>
          {t.reason}: <strong>{t.reasons[reason] ?? reason}</strong>
        </p>
      ) : null}
      {note ? (
        <>
          <p className="report-review__label">{t.note}</p>
          <blockquote className="report-review__note">{note}</blockquote>
        </>
      ) : null}
      <p>{t.hint}</p>
      <div className="report-review__buttons">
        <Link className="button button--secondary button--block" to={surveyFixPath(uuid)}>
          {t.addSurvey}
        </Link>
        <Link className="button button--secondary button--block" to={endPhotosFixPath(uuid)}>
          {t.addEndPhotos}
        </Link>
        <Button block onClick={resubmit}>
          {t.resubmit}
        </Button>
      </div>
    </section>
  );
}
