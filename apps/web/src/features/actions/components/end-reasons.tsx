import { END_REASONS, OTHER_TEXT_MAX, type EndReason } from '@promotor/contract/constants';
import { ruleMessages } from '@promotor/contract/rules';
import { useId, useState } from 'react';
import * as pl from '../../../i18n/pl.ts';

const t = pl.actionEnd;

export type EndReasonsProps = {
  reason: EndReason | null;
  otherText: string;
  onReason: (reason: EndReason) => void;
  onOtherText: (text: string) => void;
};

/** Step 1 of the end form: one of the seven reasons; 'Inne' reveals 'Twoja treść...', then required (decision 031). */
export function EndReasons({ reason, otherText, onReason, onOtherText }: EndReasonsProps) {
  const textId = useId();
  const [touched, setTouched] = useState(false);
  const error = touched && otherText.trim() === '' ? ruleMessages.fieldRequired : null;
  return (
    <fieldset className="choice-group">
      <legend className="form-step__title">{pl.actionStart.checklist}</legend>
      {END_REASONS.map((item) => (
        <label key={item} className="choice">
          <input type="radio" name="reason" value={item} checked={reason === item} onChange={() => onReason(item)} />
          <span>{t.reasons[item]}</span>
        </label>
      ))}
      {reason === 'other' ? (
        <div className={error ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={textId}>
            {t.otherText}
          </label>
          <textarea
            id={textId}
            className="field__input action-form__textarea"
            name="otherText"
            placeholder={t.otherPlaceholder}
            maxLength={OTHER_TEXT_MAX}
            required
            rows={3}
            value={otherText}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${textId}-error` : undefined}
            onChange={(event) => onOtherText(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          {error ? (
            <p id={`${textId}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
