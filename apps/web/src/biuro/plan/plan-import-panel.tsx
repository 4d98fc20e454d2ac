import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { planTemplateCsv } from '@promotor/contract/rules';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { CsvFileStep } from '../components/csv-import-panel.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { errorMessage } from '../lib/error-message.ts';
import { addDays } from './plan-period.ts';
import { confirmationsNeeded, importPlan, type ImportConfirm, type ImportOutcome } from './plan-import.ts';
import { ImportPreview } from './plan-import-preview.tsx';

const NOTHING_CONFIRMED: ImportConfirm = { past: false, conflicts: false };

type Props = { open: boolean; onClose: () => void; onImported: (message: string) => void };

/**
 * The plan's CSV import: first a dry run shows what would change, or the errors by row, with nothing
 * written; then what it must confirm (past dates, schedule conflicts: decision 113), each
 * with its box; only then 'Zapisz plan' sends the same file to be written with those confirmations.
 */
export function PlanImportPanel({ open, onClose, onImported }: Props) {
  return (
    <SidePanel open={open} title={pl.biuro.csvImport.title} onClose={onClose}>
      {open ? <PlanImportBody onClose={onClose} onImported={onImported} /> : null}
    </SidePanel>
  );
}

function PlanImportBody({ onClose, onImported }: Omit<Props, 'open'>) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<ImportConfirm>(NOTHING_CONFIRMED);
  // One intent per chosen file and confirmations: the write is sent under one key, so a repeated click writes once.
  const [writeKey, setWriteKey] = useState(newIdempotencyKey);
  // The template's example row a week from today; a link to a file made here (no call).
  const template = useMemo(
    () => URL.createObjectURL(new Blob([planTemplateCsv(addDays(appDay(new Date()), 7))], { type: 'text/csv;charset=utf-8' })),
    [],
  );
  useEffect(() => () => URL.revokeObjectURL(template), [template]);
  const needed = preview?.kind === 'changes' ? confirmationsNeeded(preview.answer) : NOTHING_CONFIRMED;
  const allConfirmed = (!needed.past || confirm.past) && (!needed.conflicts || confirm.conflicts);

  const send = async (dryRun: boolean) => {
    if (!file) {
      setFailure(pl.biuro.csvImport.chooseFile);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await importPlan(file, dryRun, dryRun ? newIdempotencyKey() : writeKey, dryRun ? NOTHING_CONFIRMED : confirm);
      if (!dryRun && outcome.kind === 'changes') {
        onImported(pl.biuro.csvImport.done(outcome.answer.created, outcome.answer.updated));
        onClose();
        return;
      }
      setPreview(outcome);
      setConfirm(NOTHING_CONFIRMED);
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
      <CsvFileStep
        texts={pl.biuro.csvImport}
        forms={[...pl.biuro.csvImport.forms.slice(0, -1), pl.biuroPoints.planImport.form, ...pl.biuro.csvImport.forms.slice(-1)]}
        header={pl.biuro.csvImport.header.split(';')}
        template={template}
        templateName="szablon-planu.csv"
        failure={failure}
        busy={busy}
        onFile={(chosen) => {
          setFile(chosen);
          setPreview(null);
          setConfirm(NOTHING_CONFIRMED);
          setWriteKey(newIdempotencyKey());
        }}
        onCheck={onCheck}
      />
      {preview ? (
        <ImportPreview
          outcome={preview}
          confirm={confirm}
          onConfirm={(next) => {
            setConfirm(next);
            setWriteKey(newIdempotencyKey());
          }}
        />
      ) : null}
      {preview?.kind === 'changes' && preview.answer.created + preview.answer.updated + preview.answer.newPointCount > 0 ? (
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button busy={busy} disabled={!allConfirmed} onClick={() => void send(false)}>
            {pl.biuro.csvImport.confirm}
          </Button>
        </div>
      ) : null}
    </>
  );
}
