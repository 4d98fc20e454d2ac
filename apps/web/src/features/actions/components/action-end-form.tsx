import type { Action } from '@promotor/contract';
import type { EndReason } from '@promotor/contract/constants';
import { ruleMessages, visibleLength } from '@promotor/contract/rules';
import { useId, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
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

/** End-form rules (decision 031): a reason, the text when it is 'Inne', both photos. */
export function endFormBlockers(reason: EndReason | null, otherText: string, photos: PhotoPair | null): string[] {
  return [
    !reason && pl.actionEnd.needReason,
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
  const blockers = endFormBlockers(reason, otherText, photos);

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
      if (blockers.length > 0 || !values.reason || !values.photos || !point) return;
      await submitEnd(action, { reason: values.reason, otherText: values.otherText, photos: values.photos, actionPointUuid: point });
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
          <EndReasons reason={form.bind('reason')} otherText={form.bind('otherText')} />
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
