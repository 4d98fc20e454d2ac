import type { ActionReport } from '@promotor/contract';
import type { ReactNode } from 'react';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { retryMayHelp } from '../../../lib/retry-may-help.ts';
import { loadActionReport } from '../api/reports.api.ts';
import { useLoad } from '../hooks/use-load.ts';
import './reports.css';

const t = pl.reports;

type Props = {
  actionUuid: string | undefined;
  /** The heading of the page while the report loads, or when it asks for nothing. */
  title: string;
  children: (report: ActionReport) => ReactNode;
};

/**
 * A page where she adds what the coordinator asked for (issue 25, decision 093: the survey, the end
 * photos) of a finished action: open while changes of her report are requested, and only then (the
 * server refuses the rest); the back link returns to the report.
 */
export function ReviewGate({ actionUuid, title, children }: Props) {
  const { state, reload } = useLoad(actionUuid ?? null, loadActionReport);
  const report = state?.status === 'loaded' ? state.data : null;
  const open = report?.review?.state === 'changes_requested';
  return (
    <>
      {actionUuid ? <BackLink to={`/raport/${actionUuid}`}>{t.review.backToReport}</BackLink> : null}
      {report && open ? (
        children(report)
      ) : (
        <>
          <title>{pl.pageTitle(title)}</title>
          <h1>{title}</h1>
          {!state || state.status === 'loading' ? (
            <p className="reports-page__status" role="status">
              {pl.loading}
            </p>
          ) : state.status === 'failed' ? (
            <div className="reports-page__status" role="alert">
              <p>
                {t.reportFailed} {errorMessage(state.error)}
              </p>
              {retryMayHelp(state.error) ? (
                <Button variant="secondary" onClick={reload}>
                  {t.retry}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="note" role="alert">
              {t.review.closed}
            </p>
          )}
        </>
      )}
    </>
  );
}
