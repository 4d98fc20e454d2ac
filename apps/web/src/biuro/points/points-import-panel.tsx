import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { POINT_CSV_COLUMNS, POINT_CSV_POLISH_HEADERS, pointsTemplateCsv } from '@promotor/contract/rules';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { importPoints, type PointsImportOutcome } from './points-import.ts';
import { PointsImportPreview } from './points-import-preview.tsx';

const t = pl.biuroPoints.csv;
const HEADER = POINT_CSV_COLUMNS.map((column) => POINT_CSV_POLISH_HEADERS[column]);

type Props = { open: boolean; onClose: () => void; onImported: (message: string) => void };

/**
 * The register's CSV import, as the plan's (decision 124): a dry run shows what would change, or the
 * errors by row, with nothing written; only then 'Zapisz punkty' sends the same file to be written.
 */
export function PointsImportPanel({ open, onClose, onImported }: Props) {
  return (
    <SidePanel open={open} title={t.title} onClose={onClose}>
      {open ? <PointsImportBody onClose={onClose} onImported={onImported} /> : null}
    </SidePanel>
  );
}

function PointsImportBody({ onClose, onImported }: Omit<Props, 'open'>) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PointsImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One intent per chosen file: the write is sent under one key, so a repeated click writes once.
  const [writeKey, setWriteKey] = useState(newIdempotencyKey);
  const template = useMemo(() => URL.createObjectURL(new Blob([pointsTemplateCsv()], { type: 'text/csv;charset=utf-8' })), []);
  useEffect(() => () => URL.revokeObjectURL(template), [template]);

  const send = async (dryRun: boolean) => {
    if (!file) {
      setFailure(t.chooseFile);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await importPoints(file, dryRun, dryRun ? newIdempotencyKey() : writeKey);
      if (!dryRun && outcome.kind === 'changes') {
        onImported(t.done(outcome.answer.created, outcome.answer.updated));
        onClose();
        return;
      }
      setPreview(outcome);
      setWriteKey(newIdempotencyKey());
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
      <p className="biuro-muted">{t.intro}</p>
      <ul className="biuro-muted plan-preview__list">
        {t.forms.map((form) => (
          <li key={form}>{form}</li>
        ))}
      </ul>
      <p>
        {/* A line may end after a ';', never inside a column's name. */}
        <code className="biuro-code plan-header-code">
          {HEADER.map((name, i) => (
            <span key={name}>
              {i > 0 ? ';' : ''}
              <wbr />
              {name}
            </span>
          ))}
        </code>
      </p>
      <p>
        <a href={template} download="szablon-punktow.csv">
          {t.template}
        </a>
      </p>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={onCheck}>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {t.file}
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
          {busy ? t.previewing : t.preview}
        </Button>
      </form>
      {preview ? <PointsImportPreview outcome={preview} /> : null}
      {preview?.kind === 'changes' && preview.answer.created + preview.answer.updated > 0 ? (
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button busy={busy} onClick={() => void send(false)}>
            {t.confirm}
          </Button>
        </div>
      ) : null}
    </>
  );
}
