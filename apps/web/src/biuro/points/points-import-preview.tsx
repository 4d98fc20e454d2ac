import { POINT_CSV_POLISH_HEADERS, type PointCsvColumn } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { ImportRowError, PointsImportAnswer } from '../api/admin-types.ts';
import type { PointsImportOutcome } from './points-import.ts';

const t = pl.biuroPoints.csv;

/** A column of the file by the Polish name the template gives it (the server names it in English). */
const columnLabel = (column: string | null) => (column === null ? '—' : (POINT_CSV_POLISH_HEADERS[column as PointCsvColumn] ?? column));

/** The dry run's answer: the errors by row, or what would change. */
export function PointsImportPreview({ outcome }: { outcome: PointsImportOutcome }) {
  if (outcome.kind === 'errors') return <ImportErrors errors={outcome.errors} />;
  const { answer } = outcome;
  return (
    <section className="plan-preview" aria-labelledby="points-import-preview">
      <h3 id="points-import-preview">{t.previewTitle}</h3>
      <ul className="plan-preview__counts" role="status">
        <li>{t.created(answer.created)}</li>
        <li>{t.updated(answer.updated)}</li>
        <li>{t.unchanged(answer.unchanged)}</li>
      </ul>
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

function ImportErrors({ errors }: { errors: ImportRowError[] }) {
  return (
    <section className="plan-preview" aria-labelledby="points-import-errors">
      <h3 id="points-import-errors" className="biuro-alert" role="alert">
        {t.errorsTitle(errors.length)}
      </h3>
      <div className="plan-preview__scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.columns.row}</th>
              <th scope="col">{t.columns.column}</th>
              <th scope="col">{t.columns.message}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error, index) => (
              <tr key={`${error.row}-${error.column}-${index}`}>
                <td>{error.row}</td>
                <td className="plan-preview__column">{columnLabel(error.column)}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ImportChanges({ answer }: { answer: PointsImportAnswer }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t.columns.row}</th>
          <th scope="col">{t.columns.change}</th>
          <th scope="col">{t.columns.code}</th>
          <th scope="col">{t.columns.name}</th>
          <th scope="col">{pl.biuroPoints.columns.territory}</th>
          <th scope="col">{t.columns.fields}</th>
        </tr>
      </thead>
      <tbody>
        {answer.changes.map((change) => (
          <tr key={change.row}>
            <td>{change.row}</td>
            <td>{change.change === 'created' ? t.changeCreated : t.changeUpdated}</td>
            <td className="point-nowrap">{change.code ?? t.newCode}</td>
            <td>{change.name}</td>
            <td>{change.territory}</td>
            <td>{change.fields.map((field) => t.fields[field] ?? field).join(', ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
