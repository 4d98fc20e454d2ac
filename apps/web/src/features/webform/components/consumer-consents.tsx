import type { ConsentTextAnswer } from '@promotor/contract';
import type { ConsentField } from '@promotor/contract/rules';
import { errorAria, FieldError, useFieldIds } from '../../../components/form/field-frame.tsx';
import { classNames } from '../../../components/ui/class-names.ts';
import * as pl from '../../../i18n/pl.ts';

const t = pl.webformSteps.consumer;

type ConsentsProps = {
  consents: readonly ConsentTextAnswer[];
  /** The consents §5 requires for the chosen offers (requiredConsents). */
  required: readonly ConsentField[];
  checked: (field: ConsentTextAnswer['field']) => boolean;
  onChange: (field: ConsentTextAnswer['field'], checked: boolean) => void;
  onBlur: (field: ConsentTextAnswer['field']) => void;
  messageOf: (field: string) => string | null;
};

/**
 * spec §3 the consents, §5 which are required. Each checkbox is named by exactly the catalogue's text
 * (the text whose hash the consent record keeps), is never pre-ticked (the values start false), and a
 * required one is marked 'wymagana' outside that text. No "tick all": each is the consumer's own choice
 * (decision 069).
 */
export function ConsumerConsents({ consents, required, checked, onChange, onBlur, messageOf }: ConsentsProps) {
  return (
    <fieldset className="webform-step__section consents">
      <legend className="webform-step__title">{t.consents}</legend>
      <p className="webform-step__hint">{t.consentsHint}</p>
      {consents.map((consent) => (
        <Consent
          key={consent.field}
          consent={consent}
          required={(required as readonly string[]).includes(consent.field)}
          checked={checked(consent.field)}
          onChange={(value) => onChange(consent.field, value)}
          onBlur={() => onBlur(consent.field)}
          error={messageOf(consent.field)}
        />
      ))}
    </fieldset>
  );
}

type ConsentProps = {
  consent: ConsentTextAnswer;
  required: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  error: string | null;
};

function Consent({ consent, required, checked, onChange, onBlur, error }: ConsentProps) {
  const { controlId, errorId } = useFieldIds();
  return (
    <div className={classNames('consent', error && 'field--invalid')}>
      <label className="choice consent__choice" htmlFor={controlId}>
        <input
          id={controlId}
          type="checkbox"
          name={consent.field}
          checked={checked}
          aria-required={required || undefined}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          {...errorAria(error, errorId)}
        />
        <span>{consent.text}</span>
      </label>
      {required ? <span className="consent__required">{t.required}</span> : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
