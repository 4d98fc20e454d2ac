import type { FileListResponse } from '@promotor/contract';
import { useEffect, useId } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { listActionFiles, serveFile } from '../api/reports.api.ts';
import { useLoad } from '../hooks/use-load.ts';
import { ApiPhoto, type OpenPhoto } from './api-photo.tsx';

const t = pl.reports;
// The survey's photos only: the start/end photo pairs of the action's forms (bereal_*) are not product photos.
const SURVEY_IDENTS = ['start', 'end'] as const;

function ProductPhotos({ files, onOpen }: { files: FileListResponse['files']; onOpen: OpenPhoto }) {
  const photos = SURVEY_IDENTS.flatMap((ident) => files.filter((file) => file.ident === ident).map((file) => ({ ...file, ident })));
  if (photos.length === 0) return <p className="note">{t.noPhotos}</p>;
  return (
    <ul className="report-photos">
      {photos.map((file) => (
        <li key={file.uuid}>
          <ApiPhoto uuid={file.uuid} serve={serveFile} caption={t.photoCaptions[file.ident]} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function SurveyAnswers({ poll }: { poll: FileListResponse['poll'] }) {
  if (!poll) return <p className="note">{t.noSurvey}</p>;
  const comment = poll.text?.trim();
  return (
    <dl className="survey-answers">
      {t.surveyQuestions.map((question, index) => (
        <div key={question}>
          <dt>
            {index + 1}. {question}
          </dt>
          <dd>{t.answers[poll.chechboxes[index] ?? ''] ?? t.none}</dd>
        </div>
      ))}
      <div>
        <dt>{t.comment}</dt>
        <dd>{comment ? comment : t.noComment}</dd>
      </div>
    </dl>
  );
}

/**
 * spec §2 Report detail: 'Zdjęcia produktów' and 'Odpowiedzi z ankiety', both from /action/file/list;
 * a failing list opens the error popup with meta.ts as its code (spec §7, §8).
 */
export function ReportPhotos({ actionUuid, onOpen }: { actionUuid: string; onOpen: OpenPhoto }) {
  const { state } = useLoad(actionUuid, listActionFiles);
  const photosTitle = useId();
  const surveyTitle = useId();
  const showErrorPopup = useAppStore((store) => store.showErrorPopup);
  const failure = state?.status === 'failed' ? state.error : null;
  useEffect(() => {
    if (!failure) return;
    showErrorPopup({ description: t.photosFailed, code: failure instanceof ApiError ? failure.ts : null });
  }, [failure, showErrorPopup]);

  const body =
    !state || state.status === 'loading' ? (
      <p className="reports-page__status" role="status">
        {t.loadingPhotos}
      </p>
    ) : state.status === 'failed' ? (
      <p className="reports-page__status">{t.photosFailed}</p>
    ) : null;
  return (
    <>
      <section className="report-section" aria-labelledby={photosTitle}>
        <h2 id={photosTitle}>{t.productPhotos}</h2>
        {body ?? (state?.status === 'loaded' ? <ProductPhotos files={state.data.files} onOpen={onOpen} /> : null)}
      </section>
      <section className="report-section" aria-labelledby={surveyTitle}>
        <h2 id={surveyTitle}>{t.surveyAnswers}</h2>
        {body ?? (state?.status === 'loaded' ? <SurveyAnswers poll={state.data.poll} /> : null)}
      </section>
    </>
  );
}
