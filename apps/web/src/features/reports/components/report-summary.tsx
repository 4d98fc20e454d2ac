import type { ActionReport } from '@promotor/contract';
import type { ReactNode } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { formatDuration, formatReportDate, formatReportTime } from '../report-format.ts';

const t = pl.reports;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const pointLine = (point: ActionReport['locations'][number]) => {
  const { streetAddress, postalCode, cityName } = point.address;
  const address = [streetAddress, postalCode ? `${postalCode} ${cityName}` : cityName].filter(Boolean).join(', ');
  return { name: point.name, address };
};

/** spec §2 Report detail: ident, date, territory, hostess, the recorded times, status and locations. */
export function ReportSummary({ report }: { report: ActionReport }) {
  const { hostess } = report;
  // spec §2 'Zaakceptowana' (issue 25): the server says 'accepted' once her review is approved; her
  // approved review says so too, whatever the action's other promoters.
  const status = report.review?.state === 'approved' && report.status === 'finished' ? 'accepted' : report.status;
  return (
    <>
      <dl className="report-summary">
        <Row term={t.ident}>{report.ident}</Row>
        <Row term={t.date}>{formatReportDate(report.since)}</Row>
        <Row term={t.territory}>{report.territory ?? t.none}</Row>
        <Row term={t.hostess}>
          {hostess.firstname} {hostess.lastname},
          <br />
          {t.hostessId}: {hostess.ident}
        </Row>
        <Row term={t.start}>{formatReportTime(report.start, report.since)}</Row>
        <Row term={t.end}>{formatReportTime(report.end, report.since)}</Row>
        <Row term={t.locationChange}>{formatReportTime(report.locationChange, report.since)}</Row>
        <Row term={t.duration}>{formatDuration(report.durationSeconds)}</Row>
        <Row term={t.status}>
          <span className={`report-status report-status--${status}`}>{t.statuses[status]}</span>
        </Row>
      </dl>
      <section className="report-section" aria-label={t.locations}>
        <h2>{t.locations}</h2>
        {report.locations.length === 0 ? (
          <p className="note">{t.noLocations}</p>
        ) : (
          <ol className="report-locations">
            {report.locations.map((point) => {
              const { name, address } = pointLine(point);
              return (
                <li key={point.uuid}>
                  <strong>{name}</strong>
                  <br />
                  {address}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
