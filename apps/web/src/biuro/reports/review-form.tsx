import { trimInvisible, visibleLength } from '@promotor/contract/rules';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AdminBody, Report } from '../api/admin-types.ts';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';
import { PanelSection } from './report-sections.tsx';
import { isApprovable, reportRef } from './reports-view.ts';

const t = pl.biuroReports;
type Reason = NonNullable<AdminBody<'/admin/reports/review'>['reason']>;
// The contract's REVIEW_REASONS and REVIEW_NOTE_MAX sit in a zod module the web app does not load
// (decision 021): the record makes the compiler name a reason added there and missing here.
const REASONS = Object.keys({ photos: true, survey: true, times: true, other: true } satisfies Record<Reason, true>) as Reason[];
const REVIEW_NOTE_MAX = 1000;

type Props = { report: Report; onReviewed: (report: Report, message: string) => void };

/**
 * 'Zatwierdź', or 'Poproś o poprawki' with a reason and a note she reads in her app (decision 090).
 * Only a submitted or resubmitted report can be reviewed; otherwise the section says what it waits for.
 */
export function ReviewForm({ report, onReviewed }: Props) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<Reason>('other');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // The button pressed goes away: focus moves to the form's first field, and back to the choices.
  const sectionRef = useOpenedFocus<HTMLDivElement>(asking);

  if (!isApprovable(report.state)) {
    return (
      <PanelSection id="report-review" title={t.review}>
        <p className="biuro-muted">{report.state === 'approved' ? t.alreadyApproved : t.waitingForChanges}</p>
      </PanelSection>
    );
  }

  async function review(decision: 'approved' | 'changes_requested') {
    setBusy(true);
    setError(null);
    try {
      const body =
        decision === 'approved'
          ? { ...reportRef(report), decision }
          : { ...reportRef(report), decision, reason, note: trimInvisible(note) };
      const answer = await adminCall('/admin/reports/review', body);
      onReviewed(answer.report, decision === 'approved' ? t.approved : t.changesRequested);
    } catch (failure) {
      const fields = fieldErrorsOf(failure, 'body.');
      if (fields.note) setNoteError(fields.note);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  function submitRequest(event: FormEvent) {
    event.preventDefault();
    if (visibleLength(note) === 0) {
      setNoteError(t.noteRequired);
      noteRef.current?.focus();
      return;
    }
    void review('changes_requested');
  }

  const noteId = `${id}-note`;
  return (
    <PanelSection id="report-review" title={t.review}>
      {error ? (
        <p className="biuro-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div ref={sectionRef}>
        {asking ? (
          <form className="review-form" onSubmit={submitRequest} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-reason`}>
                {t.reason}
              </label>
              <select
                data-focus-here
                id={`${id}-reason`}
                className="field__input"
                value={reason}
                onChange={(event) => setReason(event.target.value as Reason)}
              >
                {REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t.reasons[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className={`field${noteError ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={noteId}>
                {t.note}
              </label>
              <textarea
                ref={noteRef}
                id={noteId}
                className="field__input review-form__note"
                rows={4}
                maxLength={REVIEW_NOTE_MAX}
                value={note}
                onChange={(event) => {
                  setNote(event.target.value);
                  if (noteError) setNoteError(null);
                }}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={`${noteId}-hint${noteError ? ` ${noteId}-error` : ''}`}
              />
              <p id={`${noteId}-hint`} className="biuro-muted review-form__hint">
                {t.noteHint}
              </p>
              {noteError ? (
                <p id={`${noteId}-error`} className="field__error">
                  {noteError}
                </p>
              ) : null}
            </div>
            <div className="modal__actions">
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {pl.biuro.panel.cancel}
              </Button>
              <Button type="submit" busy={busy}>
                {t.sendRequest}
              </Button>
            </div>
          </form>
        ) : (
          <div className="review-form__choices">
            <Button busy={busy} onClick={() => void review('approved')}>
              {t.approve}
            </Button>
            <Button data-focus-here variant="secondary" onClick={() => setAsking(true)}>
              {t.requestChanges}…
            </Button>
          </div>
        )}
      </div>
    </PanelSection>
  );
}
