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
import { DraftNote } from '../drafts/draft-note.tsx';
import { useFormDraft, useKeepDraft, type FormDraft } from '../drafts/use-form-draft.ts';
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

/** What a start draft keeps (decision 076): the point by its uuid, the rest as entered. */
type StartDraft = Omit<StartValues, 'point'> & { pointUuid: string | null };

/** The draft of the start form; none while only the point is set (it comes from the address or the action). */
const startDraft = ({ checklist, cashTerminal, photos, point }: StartValues): StartDraft | null =>
  checklist.length === 0 && cashTerminal === '' && photos === null
    ? null
    : { checklist, cashTerminal, photos, pointUuid: point?.uuid ?? null };

/** The form's first values: her draft's, with the point chosen on the way here before the draft's. */
function startValues(action: Action, initialPoint: ActionPoint | null, draft: StartDraft | null): StartValues {
  if (!draft) return { checklist: [], cashTerminal: '', photos: null, point: initialPoint };
  const { pointUuid, ...values } = draft;
  return { ...values, point: initialPoint ?? action.actionPoints.find((candidate) => candidate.uuid === pointUuid) ?? null };
}

/** spec §2 Start action, opened with what she entered before and did not send (her draft, decision 076). */
export function ActionStartForm(props: ActionStartFormProps) {
  const draft = useFormDraft<StartDraft>('start', props.action.uuid);
  if (!draft.ready) return null;
  return <StartForm key={draft.generation} {...props} draft={draft} />;
}

/** spec §2 Start action: checklist, cash terminal (§5 rules on blur), front+rear photos, 'Rozpocznij'. */
function StartForm({ action, initialPoint, Camera, draft }: ActionStartFormProps & { draft: FormDraft<StartDraft> }) {
  const navigate = useNavigate();
  const blockersId = useId();
  const form = useFormKit<StartValues>({
    initial: startValues(action, initialPoint, draft.restored),
    rules: { cashTerminal: cashTerminalRules },
  });
  useKeepDraft(draft, form.values, startDraft);
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
      // Stored in the outbox: the draft has done its work.
      await draft.discard();
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
      {draft.restored ? <DraftNote onClear={draft.reset} /> : null}
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
