import * as pl from '../../i18n/pl.ts';
import { classNames } from '../ui/class-names.ts';
import { errorAria, FieldError, useFieldIds } from './field-frame.tsx';
import type { FieldBinding } from '../../lib/forms/use-form-kit.ts';

export type PhoneFieldProps = {
  label: string;
  /** spec §3 catalogue of prefixes ('+48', '+380', …). */
  prefixes: readonly string[];
  prefix: FieldBinding<string>;
  number: FieldBinding<string>;
};

/**
 * spec §2 phone: a prefix dropdown and the number (type tel, spec §5). Two fields of the form
 * (numberPrefix, mobileNumber), each with its own message, under one group label.
 */
export function PhoneField({ label, prefixes, prefix, number }: PhoneFieldProps) {
  const { controlId, errorId } = useFieldIds();
  const prefixId = `${controlId}-prefix`;
  const prefixErrorId = `${prefixId}-error`;
  const error = prefix.error ?? number.error;
  return (
    <div role="group" aria-labelledby={`${controlId}-label`} className={classNames('field', error && 'field--invalid')}>
      <span id={`${controlId}-label`} className="field__label">
        {label}
      </span>
      <div className="phone-field__row">
        <label className="visually-hidden" htmlFor={prefixId}>
          {pl.forms.phone.prefix}
        </label>
        <select
          id={prefixId}
          name={prefix.name}
          className="field__input phone-field__prefix"
          value={prefix.value}
          onChange={(event) => prefix.onChange(event.target.value)}
          onBlur={prefix.onBlur}
          {...errorAria(prefix.error, prefixErrorId)}
        >
          {prefixes.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={controlId}>
          {pl.forms.phone.number}
        </label>
        <input
          id={controlId}
          name={number.name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className="field__input phone-field__number"
          value={number.value}
          onChange={(event) => number.onChange(event.target.value)}
          onBlur={number.onBlur}
          {...errorAria(number.error, errorId)}
        />
      </div>
      <FieldError id={prefixErrorId} error={prefix.error} />
      <FieldError id={errorId} error={number.error} />
    </div>
  );
}
