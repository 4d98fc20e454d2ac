import type { ActionReport } from '@promotor/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';

const t = pl.reportFixes;

type Props = {
  actionUuid: string;
  /** The heading of the page while the report loads, or when it asks for nothing. */
  title: string;
  children: (report: ActionReport) => ReactNode;
};

type Lookup = { status: 'loading' } | { status: 'loaded'; report: ActionReport } | { status: 'failed'; error: unknown };

/** No connection, or the server failing: asking again may help; not for a report that is not hers (decision 075). */
const retryHelps = (error: unknown) => !(error instanceof ApiError) || error.kind !== 'api' || (error.httpStatus ?? 500) >= 500;

/**
 * A page where she adds what the coordinator asked for (issue 25, decision 093: the survey, the end
 * photos) of a finished action: open while changes of her report are requested, and only then (the
 * server refuses the rest); the back link returns to the report. Its own small load of /action/report:
 * these pages' chunks do not bring the reports pages' code (the entry's preload map grows with each
 * chunk shared, decision 081). Mount it with key={actionUuid}.
 */
export function ReviewGate({ actionUuid, title, children }: Props) {
  const [run, setRun] = useState(0);
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setLookup({ status: 'loading' });
    api.call('actionReport', { action: { uuid: actionUuid } }).then(
      ({ data }) => current && setLookup({ status: 'loaded', report: data.report }),
      (error: unknown) => current && setLookup({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [actionUuid, run]);

  const open = lookup.status === 'loaded' && lookup.report.review?.state === 'changes_requested';
  return (
    <>
      <BackLink to={`/raport/${actionUuid}`}>{t.backToReport}</BackLink>
      {open ? (
        children(lookup.report)
      ) : (
        <>
          <title>{pl.pageTitle(title)}</title>
          <h1>{title}</h1>
          {lookup.status === 'loading' ? (
            <p role="status">{pl.loading}</p>
          ) : lookup.status === 'failed' ? (
            <div role="alert">
              <p>
                {t.loadFailed} {errorMessage(lookup.error)}
              </p>
              {retryHelps(lookup.error) ? (
                <Button variant="secondary" onClick={() => setRun((n) => n + 1)}>
                  {t.retry}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="note" role="alert">
              {t.closed}
            </p>
          )}
        </>
      )}
    </>
  );
}
