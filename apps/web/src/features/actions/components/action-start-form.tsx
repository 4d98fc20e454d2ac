import type { Action, ActionPoint } from '@promotor/contract';
import { START_CHECKLIST, type StartChecklistItem } from '@promotor/contract/constants';
import { cashTerminalRules, firstError } from '@promotor/contract/rules';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useForm } from '../../../lib/forms/use-form.ts';
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

/** spec §2 Start action: checklist, cash terminal (§5 rules on blur), front+rear photos, 'Rozpocznij'. */
export function ActionStartForm({ action, initialPoint, Camera }: ActionStartFormProps) {
  const navigate = useNavigate();
  const blockersId = useId();
  const form = useForm({ cashTerminal: cashTerminalRules });
  const [checked, setChecked] = useState<ReadonlySet<StartChecklistItem>>(new Set());
  const [photos, setPhotos] = useState<PhotoPair | null>(null);
  const [point, setPoint] = useState<ActionPoint | null>(initialPoint);
  const [sending, setSending] = useState(false);

  const blockers = [
    !point && t.needLocation,
    firstError(cashTerminalRules, form.values.cashTerminal) !== null && t.needCashTerminal,
    !photos && pl.actionForm.needPhotos,
  ].filter((blocker) => blocker !== false);

  const toggle = (item: StartChecklistItem) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (!next.delete(item)) next.add(item);
      return next;
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.validateAll() || !photos || !point || sending) return;
    setSending(true);
    try {
      const checklist = START_CHECKLIST.filter((item) => checked.has(item));
      await submitStart(action.uuid, { checklist, cashTerminal: form.values.cashTerminal, photos, actionPointUuid: point.uuid });
      await navigate('/akcje');
    } catch (error) {
      // Nothing was stored: keep what she entered and let her try again.
      console.error('Start could not be queued', error);
      useAppStore.getState().showToast(pl.actionForm.failed, 'error');
      setSending(false);
    }
  }

  return (
    <form className="action-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {action.actionPoints.length > 1 ? <PointStep points={action.actionPoints} chosen={point} onChoose={setPoint} /> : null}
      <ol className="form-steps">
        <li>
          <StartChecklist checked={checked} onToggle={toggle} />
        </li>
        <li>
          <h2 className="form-step__title">{t.cashTerminalStep}</h2>
          <Field
            {...form.field('cashTerminal')}
            label={t.cashTerminal}
            placeholder={t.cashTerminalPlaceholder}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </li>
        <li>
          <h2 className="form-step__title">{pl.actionForm.photos}</h2>
          <PhotoProof photos={photos} onChange={setPhotos} Camera={Camera} hint={t.photoHint} />
        </li>
      </ol>
      <FormBlockers id={blockersId} blockers={blockers} />
      <Button type="submit" block busy={sending} disabled={blockers.length > 0} aria-describedby={blockers.length > 0 ? blockersId : undefined}>
        {sending ? pl.actionForm.sending : pl.actions.start}
      </Button>
    </form>
  );
}
