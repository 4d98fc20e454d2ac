import { useId, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import type { ActionRef } from '../submit/outbox-items.ts';
import type { CameraModalProps, PhotoPair } from '../submit/photo-pair.ts';
import { submitEndPhotos } from '../submit/submit-flows.ts';
import { FormBlockers } from './form-blockers.tsx';
import { PhotoProof } from './photo-proof.tsx';

const t = pl.actionEndPhotos;

export type EndPhotosFormProps = {
  action: ActionRef;
  Camera: ComponentType<CameraModalProps>;
  /** Where she goes once the photos are stored in the phone (her report). */
  backTo: string;
};

/**
 * The end photos of a finished action sent again (issue 25, decision 093): front and rear as on the
 * end form (spec §2), nothing else of it — the finish itself stands. Stored in the outbox, then back
 * to her report, where she sends it for review again.
 */
export function EndPhotosForm({ action, Camera, backTo }: EndPhotosFormProps) {
  const navigate = useNavigate();
  const blockersId = useId();
  const form = useFormKit<{ photos: PhotoPair | null }>({ initial: { photos: null } });
  const { photos } = form.values;
  const blockers = photos ? [] : [pl.actionForm.needPhotos];

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!values.photos) return;
      await submitEndPhotos(action, values.photos);
      useAppStore.getState().showToast(t.queued);
      await navigate(backTo);
    },
    (error) => {
      console.error('The end photos could not be queued', error);
      useAppStore.getState().showToast(pl.actionForm.failed, 'error');
    },
  );

  return (
    <form className="action-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2 className="form-step__title">{pl.actionForm.photos}</h2>
      <PhotoProof photos={photos} onChange={(taken) => form.setValue('photos', taken)} Camera={Camera} hint={t.hint} />
      <FormBlockers id={blockersId} blockers={blockers} />
      <SubmitButton
        block
        sending={form.submitting}
        invalid={blockers.length > 0}
        aria-describedby={blockers.length > 0 ? blockersId : undefined}
      >
        {t.send}
      </SubmitButton>
    </form>
  );
}
