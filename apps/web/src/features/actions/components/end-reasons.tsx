import { END_REASONS, OTHER_TEXT_MAX, type EndReason } from '@promotor/contract/constants';
import { RadioGroup } from '../../../components/form/choice-fields.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { FieldBinding } from '../../../lib/forms/use-form-kit.ts';

const t = pl.actionEnd;
const OPTIONS = END_REASONS.map((item) => ({ value: item, label: t.reasons[item] }));

export type EndReasonsProps = { reason: FieldBinding<EndReason | null>; otherText: FieldBinding<string> };

/** Step 1 of the end form: one of the seven reasons; 'Inne' reveals 'Twoja treść...', then required (decision 031). */
export function EndReasons({ reason, otherText }: EndReasonsProps) {
  return (
    <RadioGroup legend={pl.actionStart.checklist} legendClassName="form-step__title" options={OPTIONS} {...reason}>
      {reason.value === 'other' ? (
        <TextareaField {...otherText} label={t.otherText} placeholder={t.otherPlaceholder} maxLength={OTHER_TEXT_MAX} required />
      ) : null}
    </RadioGroup>
  );
}
