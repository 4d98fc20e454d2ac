import type { ReportToFix } from '@promotor/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import * as pl from '../../../i18n/pl.ts';
import { api } from '../../../lib/api-client.ts';
import { useOutbox } from '../../../lib/outbox/index.ts';
import { formatReportDate } from '../report-format.ts';
import { reportResubmitKind } from '../submit/outbox-kinds.ts';
import './reports-to-fix.css';

const t = pl.reports;

/**
 * Her reports the coordinator sent back for correction (issue 33 item 18), on top of her action list:
 * 'Raport do poprawy' with the action, the reason and the note, and the way to the report where she
 * corrects and resubmits it. Read from the server each time the list opens; a report whose resubmission
 * waits in her outbox is no longer shown (it is on its way). Nothing without a connection.
 */
export function ReportsToFix() {
  const [reports, setReports] = useState<ReportToFix[]>([]);
  const outbox = useOutbox();
  useEffect(() => {
    let current = true;
    api.call('actionReportsToFix').then(
      ({ data }) => current && setReports(data.reports),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);

  const shown = reports.filter((report) => !outbox.pendingFor(report.uuid).some((item) => item.kind === reportResubmitKind.name));
  if (shown.length === 0) return null;
  return (
    <ul className="reports-to-fix">
      {shown.map((report) => (
        <li key={report.uuid}>
          <ReportToFixCard report={report} />
        </li>
      ))}
    </ul>
  );
}

function ReportToFixCard({ report }: { report: ReportToFix }) {
  const headingId = `report-to-fix-${report.uuid}`;
  const { reason, note } = report.review;
  return (
    <section className="report-to-fix" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.toFix.title}</h2>
      <p>
        <strong>{report.name}</strong>
        <br />
        {formatReportDate(report.since)}
      </p>
      {reason ? (
        <p>
          {t.review.reason}: <strong>{t.review.reasons[reason] ?? reason}</strong>
        </p>
      ) : null}
      {note ? (
        <>
          <p className="report-to-fix__label">{t.review.note}</p>
          <blockquote className="report-to-fix__note">{note}</blockquote>
        </>
      ) : null}
      <Link className="button button--primary button--block" to={`/raport/${report.uuid}`}>
        {t.toFix.open}
      </Link>
    </section>
  );
}
