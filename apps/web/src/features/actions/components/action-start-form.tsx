import type { Action, ActionPoint } from '@promotor/contract';
import type { StartChecklistItem } from '@promotor/contract/constants';
import { cashTerminalRules } from '@promotor/contract/rules';
import { useId, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import type { CameraModalProps, PhotoPair } from '../submit/photo-pair.ts';
import { submitStart } from '../submit/submit-flows.ts';
import { FormBlockers } from './form-blockers.tsx';
import { PhotoProof } from './photo-proof.tsx';
import { PointStep } from './point-step.tsx';
import { StartChecklist } from './start-checklist.tsx';

const t = pl.actionStart;

export type ActionStartFormProps = {
  action: Action;
  /** The point it checks in at, as startPoint decided (chosen before the form, or the only one). */
  initialPoint: ActionPoint | null;
  Camera: ComponentType<CameraModalProps>;
};

type StartValues = {
  checklist: readonly StartChecklistItem[];
  cashTerminal: string;
  photos: PhotoPair | null;
  point: ActionPoint | null;
};

/** spec §2 Start action: checklist, cash terminal (§5 rules on blur), front+rear photos, 'Rozpocznij'. */
export function ActionStartForm({ action, initialPoint, Camera }: ActionStartFormProps) {
  const navigate = useNavigate();
  const blockersId = useId();
  const form = useFormKit<StartValues>({
    initial: { checklist: [], cashTerminal: '', photos: null, point: initialPoint },
    rules: { cashTerminal: cashTerminalRules },
  });
  const { photos, point } = form.values;

  const blockers = [
    !point && t.needLocation,
    form.problems.cashTerminal !== undefined && t.needCashTerminal,
    !photos && pl.actionForm.needPhotos,
  ].filter((blocker) => blocker !== false);

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!values.photos || !values.point) return;
      const { checklist, cashTerminal } = values;
      await submitStart(action, {
        checklist: [...checklist],
        cashTerminal,
        photos: values.photos,
        actionPointUuid: values.point.uuid,
      });
      await navigate('/akcje');
    },
    (error) => {
      // Nothing was stored: keep what she entered and let her try again.
      console.error('Start could not be queued', error);
      useAppStore.getState().showToast(pl.actionForm.failed, 'error');
    },
  );

  return (
    <form className="action-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {action.actionPoints.length > 1 ? (
        <PointStep points={action.actionPoints} chosen={point} onChoose={(chosen) => form.setValue('point', chosen)} />
      ) : null}
      <ol className="form-steps">
        <li>
          <StartChecklist {...form.bind('checklist')} />
        </li>
        <li>
          <h2 className="form-step__title">{t.cashTerminalStep}</h2>
          <TextField
            {...form.bind('cashTerminal')}
            label={t.cashTerminal}
            placeholder={t.cashTerminalPlaceholder}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </li>
        <li>
          <h2 className="form-step__title">{pl.actionForm.photos}</h2>
          <PhotoProof photos={photos} onChange={(taken) => form.setValue('photos', taken)} Camera={Camera} hint={t.photoHint} />
        </li>
      </ol>
      <FormBlockers id={blockersId} blockers={blockers} />
      <SubmitButton
        block
        sending={form.submitting}
        invalid={blockers.length > 0}
        aria-describedby={blockers.length > 0 ? blockersId : undefined}
      >
        {pl.actions.start}
      </SubmitButton>
    </form>
  );
}
