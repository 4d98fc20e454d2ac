import { END_REASONS, OTHER_TEXT_MAX, type EndReason } from '@promotor/contract/constants';
import { RadioGroup } from '../../../components/form/choice-fields.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { FieldBinding } from '../../../lib/forms/use-form-kit.ts';

const t = pl.actionEnd;
const OPTIONS = END_REASONS.map((item) => ({ value: item, label: t.reasons[item] }));

export type EndReasonsProps = {
  reason: FieldBinding<EndReason | null>;
  otherText: FieldBinding<string>;
  /** She ends on plan (decision 119): the reason is not needed; the planned end's time ('HH:mm') says why. */
  onPlanUntil: string | null;
};

/**
 * Step 1 of the end form: one of the seven reasons; 'Inne' reveals 'Twoja treść...', then required
 * (decision 031). On plan the seven stay as they are, but none is needed, and a choice can be undone.
 */
export function EndReasons({ reason, otherText, onPlanUntil }: EndReasonsProps) {
  return (
    <RadioGroup legend={pl.actionStart.checklist} legendClassName="form-step__title" options={OPTIONS} {...reason}>
      {reason.value === 'other' ? (
        <TextareaField {...otherText} label={t.otherText} placeholder={t.otherPlaceholder} maxLength={OTHER_TEXT_MAX} required />
      ) : null}
      {onPlanUntil !== null ? (
        <div className="end-reasons__on-plan">
          <p>{t.onPlan(onPlanUntil)}</p>
          {reason.value !== null ? (
            <Button variant="text" onClick={() => reason.onChange(null)}>
              {t.clearReason}
            </Button>
          ) : null}
        </div>
      ) : null}
    </RadioGroup>
  );
}
