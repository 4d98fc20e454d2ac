import type { ReactNode } from 'react';
import * as pl from '../../i18n/pl.ts';
import { appTimeZone } from '../../lib/dates/app-time-zone.ts';
import type { Report } from '../api/admin-types.ts';
import { checklistOf, endReasonOf, surveyOf } from './report-answers.ts';
import { exceptionLabel, wallTime } from '../live/live-view.ts';
import { StateBadge } from './state-badge.tsx';
import { instantText, promoterLabel, wallText } from './reports-view.ts';

const t = pl.biuroReports;

/** A titled part of the panel; its heading names it for assistive technology. */
export function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="side-panel__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

export function ReportSummarySection({ report }: { report: Report }) {
  return (
    <dl className="report-facts">
      <dt>{t.columns.state}</dt>
      <dd>
        <StateBadge state={report.state} />
      </dd>
      <dt>{t.columns.promoter}</dt>
      <dd>{promoterLabel(report)}</dd>
      <dt>{t.columns.territory}</dt>
      <dd>{report.action.territory ? `${report.action.territory.name} (${report.action.territory.ident})` : t.none}</dd>
      <dt>{t.plannedTime}</dt>
      <dd>
        {wallText(report.action.since)} – {wallText(report.action.until).slice(11)}
      </dd>
      <dt>{t.tappedTime}</dt>
      <dd>
        {wallText(report.start)} – {report.end ? wallText(report.end).slice(11) : t.none}
      </dd>
      <dt>{t.submittedAt}</dt>
      <dd>{instantText(report.submittedAt, appTimeZone())}</dd>
      <dt>{t.columns.registrations}</dt>
      <dd>{report.registrations}</dd>
      <dt>{t.columns.codes}</dt>
      <dd>{report.codesHandedOut}</dd>
    </dl>
  );
}

/** Planned against tapped start and end, where she was at each and how far from the nearest point. */
export function ReportTimeline({ report }: { report: Report }) {
  return (
    <PanelSection id="report-timeline" title={t.timeline}>
      <div className="report-scroll">
        <table className="report-table">
          <caption className="visually-hidden">{t.timeline}</caption>
          <thead>
            <tr>
              <th scope="col">{t.timelineColumns.kind}</th>
              <th scope="col">{t.timelineColumns.at}</th>
              <th scope="col">{t.timelineColumns.point}</th>
              <th scope="col">{t.timelineColumns.position}</th>
              <th scope="col">{t.timelineColumns.distance}</th>
            </tr>
          </thead>
          <tbody>
            {report.timeline.map((entry, index) => (
              <tr key={`${entry.kind}-${index}`} className={entry.kind.startsWith('planned') ? 'report-table__planned' : undefined}>
                <th scope="row">
                  {t.timelineKinds[entry.kind] ?? entry.kind}
                  {entry.note ? <span className="report-table__note">{entry.note}</span> : null}
                </th>
                <td className="reports-nowrap">{wallText(entry.at)}</td>
                <td>{entry.point?.name ?? t.none}</td>
                <td className="reports-nowrap">
                  {entry.position ? t.position(entry.position.latitude, entry.position.longitude) : t.none}
                </td>
                <td className="reports-nowrap">{entry.distanceMeters === null ? t.none : t.distance(entry.distanceMeters)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PanelSection>
  );
}

/** The start checklist, the end reason and the photo survey, in the words of her app. */
export function ReportAnswers({ report }: { report: Report }) {
  const checklist = checklistOf(report);
  const endReason = endReasonOf(report);
  const survey = surveyOf(report);
  return (
    <>
      <PanelSection id="report-checklist" title={t.checklist}>
        {checklist ? (
          <ul className="report-list">
            {checklist.map((line) => (
              <li key={line.label}>
                <span className={line.checked ? 'report-yes' : 'report-no'}>{line.checked ? t.checked : t.unchecked}</span> {line.label}
              </li>
            ))}
          </ul>
        ) : (
          <p className="biuro-muted">{t.noChecklist}</p>
        )}
        <h4 className="report-subhead">{t.endReason}</h4>
        <p>{endReason ?? t.none}</p>
      </PanelSection>
      <PanelSection id="report-survey" title={t.survey}>
        {survey ? (
          <dl className="report-survey">
            {survey.lines.map((line, index) => (
              <div key={line.question}>
                <dt>
                  {index + 1}. {line.question}
                </dt>
                <dd>{line.answer}</dd>
              </div>
            ))}
            <div>
              <dt>{pl.reports.comment}</dt>
              <dd>{survey.comment}</dd>
            </div>
          </dl>
        ) : (
          <p className="biuro-muted">{t.noSurvey}</p>
        )}
      </PanelSection>
    </>
  );
}

/** Registrations counted per brand and model (never a consumer's data), and the codes she handed out. */
export function ReportRegistrations({ report }: { report: Report }) {
  return (
    <PanelSection id="report-registrations" title={t.registrations}>
      {report.registrationsByModel.length > 0 ? (
        <table className="report-table">
          <caption className="visually-hidden">{t.registrations}</caption>
          <thead>
            <tr>
              <th scope="col">{t.registrationsColumns.brand}</th>
              <th scope="col">{t.registrationsColumns.model}</th>
              <th scope="col">{t.registrationsColumns.count}</th>
            </tr>
          </thead>
          <tbody>
            {report.registrationsByModel.map((line) => (
              <tr key={`${line.brand}/${line.model}`}>
                <td>{line.brand}</td>
                {/* spec §2: 'nano' reads 'Hyper Air', as in her app. */}
                <td>{pl.reports.modelNames[line.model] ?? line.model}</td>
                <td>{line.count}</td>
              </tr>
            ))}
          </tbody>
          {/* The lines add up to 'Rejestracje' of the summary: one count, one scope (decision 112). */}
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t.registrationsTotal}
              </th>
              <td>{report.registrations}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="biuro-muted">{t.noRegistrations}</p>
      )}
      <p>{t.codes(report.codesHandedOut)}</p>
    </PanelSection>
  );
}

/** Every review of this report, oldest first, with who decided and what was asked. */
export function ReportHistory({ report }: { report: Report }) {
  return (
    <PanelSection id="report-history" title={t.history}>
      {report.reviews.length > 0 ? (
        <ol className="report-history">
          {report.reviews.map((review, index) => (
            <li key={`${review.at}-${index}`}>
              <strong>{t.decisions[review.decision] ?? review.decision}</strong>
              {review.reason ? ` — ${t.reasons[review.reason] ?? review.reason}` : null}
              <span className="biuro-muted"> · {t.reviewedBy(review.reviewer.name, instantText(review.at, appTimeZone()))}</span>
              {review.note ? <p className="report-history__note">{review.note}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="biuro-muted">{t.noHistory}</p>
      )}
    </PanelSection>
  );
}

/** Her shift against the plan (decision 116): the live day's exceptions that hold for this report. */
export function ReportExceptions({ report }: { report: Report }) {
  return (
    <PanelSection id="report-exceptions" title={t.exceptions}>
      {report.exceptions.length > 0 ? (
        <ul className="report-exceptions">
          {report.exceptions.map((exception) => (
            <li key={exception.kind}>
              <strong>{exceptionLabel(exception)}</strong>{' '}
              <time className="biuro-muted" dateTime={exception.since}>
                {t.exceptionSince(wallTime(exception.since))}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="biuro-muted">{t.noExceptions}</p>
      )}
    </PanelSection>
  );
}
