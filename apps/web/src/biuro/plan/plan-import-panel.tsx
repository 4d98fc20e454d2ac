import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { dayOf, timeOf } from './plan-period.ts';
import { importPlan, type ImportOutcome } from './plan-import.ts';

type Props = { open: boolean; onClose: () => void; onImported: (message: string) => void };

/**
 * The plan's CSV import: first a dry run shows what would change, or the errors by row, with nothing
 * written; only then 'Zapisz plan' sends the same file to be written.
 */
export function PlanImportPanel({ open, onClose, onImported }: Props) {
  return (
    <SidePanel open={open} title={pl.biuro.csvImport.title} onClose={onClose}>
      {open ? <PlanImportBody onClose={onClose} onImported={onImported} /> : null}
    </SidePanel>
  );
}

function PlanImportBody({ onClose, onImported }: Omit<Props, 'open'>) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One intent per chosen file: the write is sent under one key, so a repeated click writes once.
  const [writeKey, setWriteKey] = useState(newIdempotencyKey);

  const send = async (dryRun: boolean) => {
    if (!file) {
      setFailure(pl.biuro.csvImport.chooseFile);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await importPlan(file, dryRun, dryRun ? newIdempotencyKey() : writeKey);
      if (!dryRun && outcome.kind === 'changes') {
        onImported(pl.biuro.csvImport.done(outcome.answer.created, outcome.answer.updated));
        onClose();
        return;
      }
      setPreview(outcome);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  return (
    <>
      <p className="biuro-muted">{pl.biuro.csvImport.intro}</p>
      <p>
        <code className="biuro-code">{pl.biuro.csvImport.header}</code>
      </p>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={onCheck}>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {pl.biuro.csvImport.file}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
              setWriteKey(newIdempotencyKey());
            }}
          />
        </div>
        <Button type="submit" variant="secondary" busy={busy}>
          {busy ? pl.biuro.csvImport.previewing : pl.biuro.csvImport.preview}
        </Button>
      </form>
      {preview ? <ImportPreview outcome={preview} /> : null}
      {preview?.kind === 'changes' && preview.answer.created + preview.answer.updated > 0 ? (
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button busy={busy} onClick={() => void send(false)}>
            {pl.biuro.csvImport.confirm}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ImportPreview({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.kind === 'errors') {
    return (
      <section className="plan-preview" aria-labelledby="import-errors">
        <h3 id="import-errors" className="biuro-alert" role="alert">
          {pl.biuro.csvImport.errorsTitle(outcome.errors.length)}
        </h3>
        <table>
          <thead>
            <tr>
              <th scope="col">{pl.biuro.csvImport.columns.row}</th>
              <th scope="col">{pl.biuro.csvImport.columns.column}</th>
              <th scope="col">{pl.biuro.csvImport.columns.message}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.errors.map((error, index) => (
              <tr key={`${error.row}-${error.column}-${index}`}>
                <td>{error.row}</td>
                <td>{error.column ?? '—'}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  const { answer } = outcome;
  return (
    <section className="plan-preview" aria-labelledby="import-preview">
      <h3 id="import-preview">{pl.biuro.csvImport.previewTitle}</h3>
      <ul className="plan-preview__counts" role="status">
        <li>{pl.biuro.csvImport.created(answer.created)}</li>
        <li>{pl.biuro.csvImport.updated(answer.updated)}</li>
        <li>{pl.biuro.csvImport.unchanged(answer.unchanged)}</li>
      </ul>
      {answer.changes.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{pl.biuro.csvImport.columns.row}</th>
              <th scope="col">{pl.biuro.csvImport.columns.change}</th>
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
                <td>{change.change === 'created' ? pl.biuro.csvImport.changeCreated : pl.biuro.csvImport.changeUpdated}</td>
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
      ) : (
        <p className="biuro-muted">{pl.biuro.csvImport.nothingToChange}</p>
      )}
    </section>
  );
}
