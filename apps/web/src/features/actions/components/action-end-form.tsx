import type { Action } from '@promotor/contract';
import type { EndReason } from '@promotor/contract/constants';
import { ruleMessages } from '@promotor/contract/rules';
import { useId, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { checkOutPoint } from '../action-rules.ts';
import type { CameraModalProps, PhotoPair } from '../submit/photo-pair.ts';
import { submitEnd } from '../submit/submit-flows.ts';
import { EndReasons } from './end-reasons.tsx';
import { FormBlockers } from './form-blockers.tsx';
import { PhotoProof } from './photo-proof.tsx';

export type ActionEndFormProps = { action: Action; Camera: ComponentType<CameraModalProps> };

type EndValues = { reason: EndReason | null; otherText: string; photos: PhotoPair | null };

/** End-form rules (decision 031): a reason, the text when it is 'Inne', both photos. */
export function endFormBlockers(reason: EndReason | null, otherText: string, photos: PhotoPair | null): string[] {
  return [
    !reason && pl.actionEnd.needReason,
    reason === 'other' && otherText.trim() === '' && pl.actionEnd.needText,
    !photos && pl.actionForm.needPhotos,
  ].filter((blocker) => blocker !== false);
}

/** 'Inne' needs its text: the message under the field once it was left (spec §5 on blur). */
const needsOtherText = ({ reason, otherText }: EndValues) =>
  reason === 'other' && otherText.trim() === '' ? { otherText: ruleMessages.fieldRequired } : {};

/** spec §2 End action: the reason, front+rear photos, 'Anuluj' (back) and 'Zakończ'. */
export function ActionEndForm({ action, Camera }: ActionEndFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const blockersId = useId();
  const form = useFormKit<EndValues>({ initial: { reason: null, otherText: '', photos: null }, validate: needsOtherText });
  const { reason, otherText, photos } = form.values;
  const blockers = endFormBlockers(reason, otherText, photos);

  // Back where she came from; opened directly (no history in the app), back to the list.
  const goBack = () => void (location.key === 'default' ? navigate('/akcje') : navigate(-1));

  const onSubmit = form.handleSubmit(
    async (values) => {
      const point = checkOutPoint(action);
      if (blockers.length > 0 || !values.reason || !values.photos || !point) return;
      await submitEnd(action, { reason: values.reason, otherText: values.otherText, photos: values.photos, actionPointUuid: point });
      await navigate('/akcje');
    },
    (error) => {
      console.error('End could not be queued', error);
      useAppStore.getState().showToast(pl.actionForm.failed, 'error');
    },
  );

  return (
    <form className="action-form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
        <Button variant="secondary" onClick={goBack}>
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
    </form>
  );
}
