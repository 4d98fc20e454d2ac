import type { ReactNode } from 'react';
import { PLAN_CSV_POLISH_HEADERS, type PlanCsvColumn } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { ImportAnswer } from '../api/admin-types.ts';
import { CsvImportErrors } from '../components/csv-import-panel.tsx';
import { dayLabel, dayOf, timeOf } from './plan-period.ts';
import type { ImportConfirm, ImportOutcome } from './plan-import.ts';

const t = pl.biuro.csvImport;
const span = (since: string, until: string) => `${dayLabel(dayOf(since))} ${timeOf(since)}–${timeOf(until)}`;

/** A column of the file by the Polish name the template gives it (the server names it in English). */
const columnLabel = (column: string) => PLAN_CSV_POLISH_HEADERS[column as PlanCsvColumn] ?? column;

type Props = {
  outcome: ImportOutcome;
  confirm: ImportConfirm;
  onConfirm: (confirm: ImportConfirm) => void;
};

/** The dry run's answer: the errors by row, or what would change and what the write must confirm. */
export function ImportPreview({ outcome, confirm, onConfirm }: Props) {
  if (outcome.kind === 'errors') return <CsvImportErrors errors={outcome.errors} texts={t} columnLabel={columnLabel} />;
  const { answer } = outcome;
  return (
    <section className="plan-preview" aria-labelledby="import-preview">
      <h3 id="import-preview">{t.previewTitle}</h3>
      <ul className="plan-preview__counts" role="status">
        <li>{t.created(answer.created)}</li>
        <li>{t.updated(answer.updated)}</li>
        <li>{t.unchanged(answer.unchanged)}</li>
      </ul>
      <Confirmations answer={answer} confirm={confirm} onConfirm={onConfirm} />
      <NewPoints answer={answer} />
      {answer.changes.length ? (
        <div className="plan-preview__scroll">
          <ImportChanges answer={answer} />
        </div>
      ) : (
        <p className="biuro-muted">{t.nothingToChange}</p>
      )}
    </section>
  );
}

/** A list the write must confirm, and the box that confirms it. */
function Confirmation(props: {
  id: string;
  title: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <section className="plan-preview__confirm biuro-alert" aria-labelledby={props.id}>
      <h4 id={props.id}>{props.title}</h4>
      {props.children}
      <label className="plan-check">
        <input type="checkbox" checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />
        {props.label}
      </label>
    </section>
  );
}

function Confirmations({
  answer,
  confirm,
  onConfirm,
}: {
  answer: ImportAnswer;
  confirm: ImportConfirm;
  onConfirm: (c: ImportConfirm) => void;
}) {
  return (
    <>
      {answer.pastCount > 0 ? (
        <Confirmation
          id="import-past"
          title={t.pastTitle(answer.pastCount)}
          label={t.confirmPast}
          checked={confirm.past}
          onChange={(past) => onConfirm({ ...confirm, past })}
        >
          <ul className="plan-preview__list">
            {answer.past.map((p) => (
              <li key={p.row}>{t.pastRow(p.row, `${dayLabel(dayOf(p.since))} ${timeOf(p.since)}`)}</li>
            ))}
          </ul>
        </Confirmation>
      ) : null}
      {answer.conflictCount > 0 ? (
        <Confirmation
          id="import-conflicts"
          title={t.conflictsTitle(answer.conflictCount)}
          label={t.confirmConflicts}
          checked={confirm.conflicts}
          onChange={(conflicts) => onConfirm({ ...confirm, conflicts })}
        >
          <ul className="plan-preview__list">
            {answer.conflicts.map((c, i) => (
              <li key={`${c.row}-${c.promoter}-${c.kind}-${i}`}>
                {c.kind === 'overlap'
                  ? t.conflictOverlap(
                      c.row,
                      c.promoter,
                      c.actions
                        .map((a) => `„${a.name}” (${span(a.since, a.until)}${a.row === null ? t.alreadyPlanned : t.inRow(a.row)})`)
                        .join(', '),
                    )
                  : t.conflictAvailability(c.row, c.promoter)}
              </li>
            ))}
          </ul>
        </Confirmation>
      ) : null}
    </>
  );
}

/** The points the file names that the register has not: the write adds them (issue 34). */
function NewPoints({ answer }: { answer: ImportAnswer }) {
  if (answer.newPointCount === 0) return null;
  const p = pl.biuroPoints.planImport;
  return (
    <section className="plan-preview__confirm" aria-labelledby="import-new-points">
      <h4 id="import-new-points">{p.newPointsTitle(answer.newPointCount)}</h4>
      <p>{p.newPointsHint}</p>
      <ul className="plan-preview__list">
        {answer.newPoints.map((point) => (
          <li key={`${point.row}-${point.territory}-${point.name}`}>
            {p.newPoint(
              point.row,
              point.name,
              pl.biuroPoints.address(point.streetAddress, point.postalCode, point.cityName),
              point.territory,
            )}
          </li>
        ))}
      </ul>
      {answer.newPointCount > answer.newPoints.length ? <p>{p.more(answer.newPointCount - answer.newPoints.length)}</p> : null}
    </section>
  );
}

function ImportChanges({ answer }: { answer: ImportAnswer }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t.columns.row}</th>
          <th scope="col">{t.columns.change}</th>
          <th scope="col">{pl.biuro.plan.columns.date}</th>
          <th scope="col">{pl.biuro.plan.columns.name}</th>
          <th scope="col">{pl.biuro.plan.columns.territory}</th>
          <th scope="col">{pl.biuro.plan.columns.promoters}</th>
        </tr>
      </thead>
      <tbody>
        {answer.changes.map((change) => (
          <tr key={`${change.row}`}>
            <td>{change.row}</td>
            <td>{change.change === 'created' ? t.changeCreated : t.changeUpdated}</td>
            <td>
              {dayOf(change.since)} {timeOf(change.since)}–{timeOf(change.until)}
            </td>
            <td>
              {change.event}: {change.name}
            </td>
            <td>{change.territory}</td>
            <td>{change.assigned.join(', ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
