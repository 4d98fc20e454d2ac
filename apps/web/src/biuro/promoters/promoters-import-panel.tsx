import { PROMOTER_CSV_COLUMNS, PROMOTER_CSV_POLISH_HEADERS, promotersTemplateCsv, type PromoterCsvColumn } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { PromotersImportAnswer } from '../api/admin-types.ts';
import { CsvImportPanel } from '../components/csv-import-panel.tsx';
import { importPromoters } from './promoters-import.ts';

const t = pl.biuroPromoters.csv;
const HEADER = PROMOTER_CSV_COLUMNS.map((column) => PROMOTER_CSV_POLISH_HEADERS[column]);
/** A column of the file by the Polish name the template gives it (the server names it in English). */
const columnLabel = (column: string) => PROMOTER_CSV_POLISH_HEADERS[column as PromoterCsvColumn] ?? column;
const summary = (answer: PromotersImportAnswer) => ({
  counts: [t.created(answer.created), t.updated(answer.updated), t.unchanged(answer.unchanged)],
  changing: answer.changes.length,
  changes: <PromotersImportChanges answer={answer} />,
});
const done = (answer: PromotersImportAnswer) => t.done(answer.created, answer.updated);

type Props = { open: boolean; onClose: () => void; onImported: (message: string) => void };

/**
 * The promoters' CSV import (decision 121), as the plan's and the register's: a dry run shows who would
 * be added or changed, or the errors by row, with nothing written; only then 'Zapisz promotorów'.
 */
export function PromotersImportPanel(props: Props) {
  return (
    <CsvImportPanel<PromotersImportAnswer>
      {...props}
      texts={t}
      header={HEADER}
      templateCsv={promotersTemplateCsv}
      templateName="szablon-promotorow.csv"
      send={importPromoters}
      columnLabel={columnLabel}
      summary={summary}
      done={done}
    />
  );
}

/** What the file would change, row by row (the dry run's table). */
function PromotersImportChanges({ answer }: { answer: PromotersImportAnswer }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t.columns.row}</th>
          <th scope="col">{t.columns.change}</th>
          <th scope="col">{t.columns.name}</th>
          <th scope="col">{t.columns.code}</th>
          <th scope="col">{t.columns.territories}</th>
          <th scope="col">{t.columns.fields}</th>
        </tr>
      </thead>
      <tbody>
        {answer.changes.map((change) => (
          <tr key={change.row}>
            <td>{change.row}</td>
            <td>{change.change === 'created' ? t.changeCreated : t.changeUpdated}</td>
            <td>
              {change.name}
              <br />
              <span className="biuro-muted">{change.username}</span>
            </td>
            <td className="plan-preview__column">{change.ident ?? t.newCode}</td>
            <td>{change.territories.join(', ')}</td>
            <td>{change.fields.map((field) => t.fields[field] ?? field).join(', ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
