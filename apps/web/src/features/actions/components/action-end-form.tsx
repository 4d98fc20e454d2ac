import type { Action } from '@promotor/contract';
import type { EndReason } from '@promotor/contract/constants';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { checkOutPoint } from '../action-rules.ts';
import type { CameraModalProps, PhotoPair } from '../submit/photo-pair.ts';
import { submitEnd } from '../submit/submit-flows.ts';
import { EndReasons } from './end-reasons.tsx';
import { FormBlockers } from './form-blockers.tsx';
import { PhotoProof } from './photo-proof.tsx';

export type ActionEndFormProps = { action: Action; Camera: ComponentType<CameraModalProps> };

/** End-form rules (decision 031): a reason, the text when it is 'Inne', both photos. */
export function endFormBlockers(reason: EndReason | null, otherText: string, photos: PhotoPair | null): string[] {
  return [
    !reason && pl.actionEnd.needReason,
    reason === 'other' && otherText.trim() === '' && pl.actionEnd.needText,
    !photos && pl.actionForm.needPhotos,
  ].filter((blocker) => blocker !== false);
}

/** spec §2 End action: the reason, front+rear photos, 'Anuluj' (back) and 'Zakończ'. */
export function ActionEndForm({ action, Camera }: ActionEndFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const blockersId = useId();
  const [reason, setReason] = useState<EndReason | null>(null);
  const [otherText, setOtherText] = useState('');
  const [photos, setPhotos] = useState<PhotoPair | null>(null);
  const [sending, setSending] = useState(false);
  const blockers = endFormBlockers(reason, otherText, photos);

  // Back where she came from; opened directly (no history in the app), back to the list.
  const goBack = () => void (location.key === 'default' ? navigate('/akcje') : navigate(-1));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const point = checkOutPoint(action);
    if (blockers.length > 0 || !reason || !photos || !point || sending) return;
    setSending(true);
    try {
      await submitEnd(action.uuid, { reason, otherText, photos, actionPointUuid: point });
      await navigate('/akcje');
    } catch (error) {
      console.error('End could not be queued', error);
      useAppStore.getState().showToast(pl.actionForm.failed, 'error');
      setSending(false);
    }
  }

  return (
    <form className="action-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <ol className="form-steps">
        <li>
          <EndReasons reason={reason} otherText={otherText} onReason={setReason} onOtherText={setOtherText} />
        </li>
        <li>
          <h2 className="form-step__title">{pl.actionForm.photos}</h2>
          <PhotoProof photos={photos} onChange={setPhotos} Camera={Camera} />
        </li>
      </ol>
      <FormBlockers id={blockersId} blockers={blockers} />
      <div className="action-form__buttons">
        <Button variant="secondary" onClick={goBack}>
          {pl.cancel}
        </Button>
        <Button type="submit" busy={sending} disabled={blockers.length > 0} aria-describedby={blockers.length > 0 ? blockersId : undefined}>
          {sending ? pl.actionForm.sending : pl.actions.end}
        </Button>
      </div>
    </form>
  );
}
