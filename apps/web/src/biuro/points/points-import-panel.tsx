import { POINT_CSV_COLUMNS, POINT_CSV_POLISH_HEADERS, pointsTemplateCsv, type PointCsvColumn } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { PointsImportAnswer } from '../api/admin-types.ts';
import { CsvImportPanel } from '../components/csv-import-panel.tsx';
import { importPoints } from './points-import.ts';
import { PointsImportChanges } from './points-import-preview.tsx';

const t = pl.biuroPoints.csv;
const HEADER = POINT_CSV_COLUMNS.map((column) => POINT_CSV_POLISH_HEADERS[column]);
/** A column of the file by the Polish name the template gives it (the server names it in English). */
const columnLabel = (column: string) => POINT_CSV_POLISH_HEADERS[column as PointCsvColumn] ?? column;
const summary = (answer: PointsImportAnswer) => ({
  counts: [t.created(answer.created), t.updated(answer.updated), t.unchanged(answer.unchanged)],
  changing: answer.changes.length,
  changes: <PointsImportChanges answer={answer} />,
});
const done = (answer: PointsImportAnswer) => t.done(answer.created, answer.updated);

type Props = { open: boolean; onClose: () => void; onImported: (message: string) => void };

/**
 * The register's CSV import, as the plan's (decision 124): a dry run shows what would change, or the
 * errors by row, with nothing written; only then 'Zapisz punkty' sends the same file to be written.
 */
export function PointsImportPanel(props: Props) {
  return (
    <CsvImportPanel<PointsImportAnswer>
      {...props}
      texts={t}
      header={HEADER}
      templateCsv={pointsTemplateCsv}
      templateName="szablon-punktow.csv"
      send={importPoints}
      columnLabel={columnLabel}
      summary={summary}
      done={done}
    />
  );
}
