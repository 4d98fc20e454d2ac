import type { InputHTMLAttributes } from 'react';
import { errorAria, FieldFrame, useFieldIds } from './field-frame.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name'>;

export type TextFieldProps = InputProps & {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
};

/** spec §2 form widgets: a labelled text input (e-mail, tel, password … by `type`) with its message. */
export function TextField({ label, value, onChange, onBlur, error, id, className, ...input }: TextFieldProps) {
  const { controlId, errorId } = useFieldIds(id);
  return (
    <FieldFrame label={label} htmlFor={controlId} errorId={errorId} error={error} className={className}>
      <input
        id={controlId}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...errorAria(error, errorId)}
        {...input}
      />
    </FieldFrame>
  );
}
