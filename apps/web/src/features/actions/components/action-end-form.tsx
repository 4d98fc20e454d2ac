import type { Action } from '@promotor/contract';
import { END_AS_PLANNED, type EndReason } from '@promotor/contract/constants';
import { endsBeforePlan, ruleMessages, visibleLength } from '@promotor/contract/rules';
import { toWallClock } from '@promotor/contract/wall-clock';
import { useId, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { appTimeZone } from '../../../lib/dates/app-time-zone.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { checkOutPoint } from '../action-rules.ts';
import { DiscardSheet, DraftNote } from '../drafts/draft-note.tsx';
import { useFormDraft, useKeepDraft, type FormDraft } from '../drafts/use-form-draft.ts';
import type { CameraModalProps, PhotoPair } from '../submit/photo-pair.ts';
import { submitEnd } from '../submit/submit-flows.ts';
import { EndReasons } from './end-reasons.tsx';
import { FormBlockers } from './form-blockers.tsx';
import { PhotoProof } from './photo-proof.tsx';

export type ActionEndFormProps = { action: Action; Camera: ComponentType<CameraModalProps> };

type EndValues = { reason: EndReason | null; otherText: string; photos: PhotoPair | null };

const EMPTY: EndValues = { reason: null, otherText: '', photos: null };

/** The draft of the end form (decision 076): its values as they are, none when nothing was entered. */
const endDraft = (values: EndValues): EndValues | null =>
  values.reason === null && values.otherText === '' && values.photos === null ? null : values;

/** Decision 119: whether ending now comes before the plan, so that §2's reason is asked. */
const endsEarly = (action: Action, now: Date) => endsBeforePlan(action.until.date, toWallClock(now, appTimeZone()));

/**
 * End-form rules (decision 031): a reason (decision 119: only when she ends before the planned end),
 * the text when it is 'Inne', both photos.
 */
export function endFormBlockers(reason: EndReason | null, otherText: string, photos: PhotoPair | null, early = true): string[] {
  return [
    !reason && early && pl.actionEnd.needReason,
    reason === 'other' && visibleLength(otherText) === 0 && pl.actionEnd.needText,
    !photos && pl.actionForm.needPhotos,
  ].filter((blocker) => blocker !== false);
}

/** 'Inne' needs its text: the message under the field once it was left (spec §5 on blur). */
const needsOtherText = ({ reason, otherText }: EndValues) =>
  reason === 'other' && visibleLength(otherText) === 0 ? { otherText: ruleMessages.fieldRequired } : {};

/** spec §2 End action, opened with what she entered before and did not send (her draft, decision 076). */
export function ActionEndForm(props: ActionEndFormProps) {
  const draft = useFormDraft<EndValues>('end', props.action.uuid);
  if (!draft.ready) return null;
  return <EndForm key={draft.generation} {...props} draft={draft} />;
}

/** spec §2 End action: the reason, front+rear photos, 'Anuluj' (back) and 'Zakończ'. */
function EndForm({ action, Camera, draft }: ActionEndFormProps & { draft: FormDraft<EndValues> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const blockersId = useId();
  const [askDiscard, setAskDiscard] = useState(false);
  const form = useFormKit<EndValues>({ initial: draft.restored ?? EMPTY, validate: needsOtherText });
  useKeepDraft(draft, form.values, endDraft);
  const { reason, otherText, photos } = form.values;
  // Read at each render: once on plan she stays on plan (time goes one way).
  const early = endsEarly(action, new Date());
  const blockers = endFormBlockers(reason, otherText, photos, early);

  // Back where she came from; opened directly (no history in the app), back to the list.
  const goBack = () => void (location.key === 'default' ? navigate('/akcje') : navigate(-1));
  // spec §2 'Anuluj' (go back) gives the end up: her draft goes (no more is kept from here on), after a
  // question if the form holds anything.
  const giveUp = () => {
    void draft.discard();
    goBack();
  };
  const cancel = () => (endDraft(form.values) ? setAskDiscard(true) : giveUp());

  const onSubmit = form.handleSubmit(
    async (values) => {
      const point = checkOutPoint(action);
      // On plan without a reason: 'as_planned' (decision 119); the tap's own time decides, as on the server.
      const answer = values.reason ?? (endsEarly(action, new Date()) ? null : END_AS_PLANNED);
      if (blockers.length > 0 || !answer || !values.photos || !point) return;
      await submitEnd(action, { reason: answer, otherText: values.otherText, photos: values.photos, actionPointUuid: point });
      // Stored in the outbox: the draft has done its work.
      await draft.discard();
      await navigate('/akcje');
    },
    (error) => {
      console.error('End could not be queued', error);
      useAppStore.getState().showToast(pl.actionForm.failed, 'error');
    },
  );

  return (
    <form className="action-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {draft.restored ? <DraftNote onClear={draft.reset} /> : null}
      <ol className="form-steps">
        <li>
          <EndReasons
            reason={form.bind('reason')}
            otherText={form.bind('otherText')}
            onPlanUntil={early ? null : action.until.date.slice(11, 16)}
          />
        </li>
        <li>
          <h2 className="form-step__title">{pl.actionForm.photos}</h2>
          <PhotoProof photos={photos} onChange={(taken) => form.setValue('photos', taken)} Camera={Camera} />
        </li>
      </ol>
      <FormBlockers id={blockersId} blockers={blockers} />
      <div className="action-form__buttons">
        <Button variant="secondary" onClick={cancel}>
          {pl.cancel}
        </Button>
        <SubmitButton
          sending={form.submitting}
          invalid={blockers.length > 0}
          aria-describedby={blockers.length > 0 ? blockersId : undefined}
        >
          {pl.actions.end}
        </SubmitButton>
      </div>
      <DiscardSheet
        open={askDiscard}
        onConfirm={() => {
          setAskDiscard(false);
          giveUp();
        }}
        onCancel={() => setAskDiscard(false)}
      />
    </form>
  );
}
