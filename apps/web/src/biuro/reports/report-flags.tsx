import { trimInvisible, visibleLength } from '@promotor/contract/rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import { NoteField } from '../components/note-field.tsx';
import type { IntegrityPhoto } from '@promotor/contract';
import type { Report, ReportFlag, ReportMapTiles } from '../api/admin-types.ts';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { FlagMap } from './flag-map.tsx';
import { flagSentence, isWeak, shortDay } from './flag-text.ts';
import { PanelSection } from './report-sections.tsx';
import { useAdminFile } from './use-admin-file.ts';
import { wallText } from './reports-view.ts';
import './report-flags.css';

// 'Do wyjaśnienia' on the report's panel (issue 38, decision 138): each plausibility flag in words, its
// evidence (a small map of her fixes and the point; a photo beside the earlier one it matches), and
// 'Wyjaśnione' with a note for whoever may review. The report may still be sent back as before.

const t = pl.biuroIntegrity;
/** The contract's INTEGRITY_NOTE_MAX (decision 021: the web app does not load the zod module). */
const NOTE_MAX = 1000;

type Props = { report: Report; tiles: ReportMapTiles | null; canExplain: boolean; onExplained: (flag: ReportFlag) => void };

export function ReportFlags({ report, tiles, canExplain, onExplained }: Props) {
  return (
    <PanelSection id="report-flags" title={t.section}>
      {report.flags.length === 0 ? (
        <p className="biuro-muted">{t.none}</p>
      ) : (
        <>
          <p className="biuro-muted">{t.sectionIntro}</p>
          <ul className="report-flags">
            {report.flags.map((flag) => (
              <FlagItem key={flag.id} flag={flag} tiles={tiles} canExplain={canExplain} onExplained={onExplained} />
            ))}
          </ul>
        </>
      )}
    </PanelSection>
  );
}

function FlagItem({ flag, tiles, canExplain, onExplained }: { flag: ReportFlag } & Omit<Props, 'report'>) {
  const weak = isWeak(flag);
  const state = flag.explained ? 'explained' : weak ? 'weak' : 'open';
  const badge = flag.explained ? t.explainedBadge : weak ? t.weak : t.open;
  const e = flag.evidence;
  return (
    <li className={`report-flags__item report-flags__item--${state}`}>
      <div className="report-flags__head">
        <strong>{t.kinds[flag.kind]}</strong>
        <span className={`report-flags__badge report-flags__badge--${state}`}>{badge}</span>
      </div>
      <p className="report-flags__sentence">{flagSentence(flag)}</p>
      <p className="biuro-muted report-flags__raised">{t.raisedAt(wallText(flag.raisedAt))}</p>
      {e.fixes?.length || e.point ? <FlagMap evidence={e} tiles={tiles} /> : null}
      {e.photo || e.matches ? (
        <div className="report-flags__photos">
          {e.photo ? <FlagPhoto photo={e.photo} caption={t.thisPhoto} /> : null}
          {e.matches ? (
            <FlagPhoto photo={e.matches} caption={t.earlierPhoto(e.matches.action.name, shortDay(e.matches.takenAt), e.matches.promoter)} />
          ) : null}
        </div>
      ) : null}
      {flag.explained ? (
        <p className="report-flags__explained">
          <span className="biuro-muted">{t.explainedBy(flag.explained.by, wallText(flag.explained.at))}</span>
          <br />
          {flag.explained.note}
        </p>
      ) : canExplain ? (
        <ExplainForm flag={flag} onExplained={onExplained} />
      ) : null}
    </li>
  );
}

/** A photo a flag names, by its thumbnail (the earlier one may be another territory's: then none). */
function FlagPhoto({ photo, caption }: { photo: IntegrityPhoto; caption: string }) {
  const thumbnail = useAdminFile('/admin/reports/file-thumbnail', photo.uuid);
  return (
    <figure className="report-flags__photo">
      {thumbnail.status === 'loaded' ? (
        <img src={thumbnail.url} alt={caption} />
      ) : (
        <span className="report-image__placeholder">
          {thumbnail.status === 'failed' ? pl.biuroReports.imageFailed : pl.biuroReports.loadingImage}
        </span>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

function ExplainForm({ flag, onExplained }: { flag: ReportFlag; onExplained: (flag: ReportFlag) => void }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (visibleLength(note) === 0) {
      setNoteError(t.noteRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await adminCall('/admin/reports/explain-flag', { flag: { id: flag.id }, note: trimInvisible(note) });
      onExplained(answer.flag);
    } catch (failure) {
      const fields = fieldErrorsOf(failure, 'body.');
      if (fields.note) setNoteError(fields.note);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="report-flags__form" onSubmit={submit} noValidate>
      {error ? (
        <p className="biuro-alert" role="alert">
          {error}
        </p>
      ) : null}
      <NoteField
        label={t.note}
        hint={t.noteHint}
        error={noteError}
        rows={2}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(value) => {
          setNote(value);
          if (noteError) setNoteError(null);
        }}
      />
      <Button type="submit" variant="secondary" busy={busy}>
        {t.explain}
      </Button>
    </form>
  );
}
