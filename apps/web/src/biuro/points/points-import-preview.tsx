import * as pl from '../../i18n/pl.ts';
import type { PointsImportAnswer } from '../api/admin-types.ts';

const t = pl.biuroPoints.csv;

/** What a register file would change, row by row (the dry run's table). */
export function PointsImportChanges({ answer }: { answer: PointsImportAnswer }) {
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
