import { useId, type InputHTMLAttributes } from 'react';
import { classNames } from './class-names.ts';
import './field.css';

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  /** The Polish message under the field (spec §5: errors show under each field). */
  error?: string | null;
};

/** A labelled input with its validation message. */
export function Field({ label, error, id, className, 'aria-describedby': describedBy, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  // The error is read with the field, after any description the caller gives (a hint): WCAG 3.3.1.
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={classNames('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        {...input}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={described || undefined}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
