import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import type { ImportRowError } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import type { CsvImportOutcome } from '../lib/csv-import.ts';
import { SidePanel } from './side-panel.tsx';

// The side panel of a back-office CSV import (the register of points, decision 124; promoters, decision
// 121), as the plan's: the template, a dry run that shows what would change or the errors by row and
// column with nothing written, and only then the confirmation that sends the same file to be written.
// What differs per import — its texts, columns, template, call and table of changes — comes in props.

/** The Polish texts of one import's panel. */
export type CsvImportTexts = {
  title: string;
  intro: string;
  forms: readonly string[];
  template: string;
  file: string;
  preview: string;
  previewing: string;
  chooseFile: string;
  previewTitle: string;
  nothingToChange: string;
  errorsTitle: (n: number) => string;
  columns: { row: string; column: string; message: string };
  confirm: string;
};

export type CsvImportProps<A> = {
  open: boolean;
  onClose: () => void;
  onImported: (message: string) => void;
  texts: CsvImportTexts;
  /** The template's header, in its order (shown with a break allowed after each ';'). */
  header: readonly string[];
  templateCsv: () => string;
  templateName: string;
  send: (file: File, dryRun: boolean, idempotencyKey: string) => Promise<CsvImportOutcome<A>>;
  /** The Polish name of a column the server names in English. */
  columnLabel: (column: string) => string;
  /** What the dry run found: its counts as lines, how many rows a write changes, the table of changes. */
  summary: (answer: A) => { counts: string[]; changing: number; changes: ReactNode };
  /** The notice once written. */
  done: (answer: A) => string;
};

export function CsvImportPanel<A>(props: CsvImportProps<A>) {
  return (
    <SidePanel open={props.open} title={props.texts.title} onClose={props.onClose}>
      {props.open ? <CsvImportBody {...props} /> : null}
    </SidePanel>
  );
}

function CsvImportBody<A>({
  onClose,
  onImported,
  texts: t,
  header,
  templateCsv,
  templateName,
  send,
  columnLabel,
  summary,
  done,
}: CsvImportProps<A>) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvImportOutcome<A> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One intent per chosen file: the write is sent under one key, so a repeated click writes once.
  const [writeKey, setWriteKey] = useState(newIdempotencyKey);
  const template = useMemo(() => URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' })), [templateCsv]);
  useEffect(() => () => URL.revokeObjectURL(template), [template]);

  const run = async (dryRun: boolean) => {
    if (!file) {
      setFailure(t.chooseFile);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await send(file, dryRun, dryRun ? newIdempotencyKey() : writeKey);
      if (!dryRun && outcome.kind === 'changes') {
        onImported(done(outcome.answer));
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
    void run(true);
  };
  const found = preview?.kind === 'changes' ? summary(preview.answer) : null;

  return (
    <>
      <CsvFileStep
        texts={t}
        header={header}
        template={template}
        templateName={templateName}
        failure={failure}
        busy={busy}
        onFile={(chosen) => {
          setFile(chosen);
          setPreview(null);
          setWriteKey(newIdempotencyKey());
        }}
        onCheck={onCheck}
      />
      {preview?.kind === 'errors' ? <CsvImportErrors errors={preview.errors} texts={t} columnLabel={columnLabel} /> : null}
      {found ? <CsvImportChanges texts={t} {...found} /> : null}
      {found && found.changing > 0 ? (
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button busy={busy} onClick={() => void run(false)}>
            {t.confirm}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * What an import asks first: what the file may hold, the template's header and a link to it, and the
 * file to check (a dry run). Shared with the plan's import, whose preview and confirmations differ.
 */
export function CsvFileStep({
  texts: t,
  forms = t.forms,
  header,
  template,
  templateName,
  failure,
  busy,
  onFile,
  onCheck,
}: {
  texts: Pick<CsvImportTexts, 'intro' | 'forms' | 'template' | 'file' | 'preview' | 'previewing'>;
  /** What the file may hold, when it is not the texts' list. */
  forms?: readonly string[];
  /** The template's header, in its order (shown with a break allowed after each ';'). */
  header: readonly string[];
  /** The template's address (an object URL made by the panel). */
  template: string;
  templateName: string;
  failure: string | null;
  busy: boolean;
  onFile: (file: File | null) => void;
  onCheck: (event: FormEvent) => void;
}) {
  const fileId = useId();
  return (
    <>
      <p className="biuro-muted">{t.intro}</p>
      <ul className="biuro-muted plan-preview__list">
        {forms.map((form) => (
          <li key={form}>{form}</li>
        ))}
      </ul>
      <p>
        {/* A line may end after a ';', never inside a column's name. */}
        <code className="biuro-code plan-header-code">
          {header.map((name, i) => (
            <span key={name}>
              {i > 0 ? ';' : ''}
              <wbr />
              {name}
            </span>
          ))}
        </code>
      </p>
      <p>
        <a href={template} download={templateName}>
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
          <input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
        </div>
        <Button type="submit" variant="secondary" busy={busy}>
          {busy ? t.previewing : t.preview}
        </Button>
      </form>
    </>
  );
}

/** The dry run's answer: its counts and what would change (nothing is written yet). */
function CsvImportChanges({
  texts: t,
  counts,
  changing,
  changes,
}: {
  texts: CsvImportTexts;
  counts: string[];
  changing: number;
  changes: ReactNode;
}) {
  const id = useId();
  return (
    <section className="plan-preview" aria-labelledby={id}>
      <h3 id={id}>{t.previewTitle}</h3>
      <ul className="plan-preview__counts" role="status">
        {counts.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {changing > 0 ? <div className="plan-preview__scroll">{changes}</div> : <p className="biuro-muted">{t.nothingToChange}</p>}
    </section>
  );
}

/** A refused file's errors by row, each under the Polish name of its column. */
export function CsvImportErrors({
  errors,
  texts: t,
  columnLabel,
}: {
  errors: ImportRowError[];
  texts: Pick<CsvImportTexts, 'errorsTitle' | 'columns'>;
  columnLabel: (column: string) => string;
}) {
  const id = useId();
  return (
    <section className="plan-preview" aria-labelledby={id}>
      <h3 id={id} className="biuro-alert" role="alert">
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
                <td className="plan-preview__column">{error.column === null ? '—' : columnLabel(error.column)}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
