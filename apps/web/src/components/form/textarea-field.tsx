import type { TextareaHTMLAttributes } from 'react';
import { errorAria, FieldFrame, useFieldIds } from './field-frame.tsx';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onBlur' | 'name'>;

export type TextareaFieldProps = TextareaProps & {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
};

/** spec §2 form widgets: a labelled textarea (a comment, the 'Inne' reason) with its message. */
export function TextareaField({ label, value, onChange, onBlur, error, id, className, rows = 3, ...textarea }: TextareaFieldProps) {
  const { controlId, errorId } = useFieldIds(id);
  return (
    <FieldFrame label={label} htmlFor={controlId} errorId={errorId} error={error} className={className}>
      <textarea
        id={controlId}
        className="field__input field__textarea"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...errorAria(error, errorId)}
        {...textarea}
      />
    </FieldFrame>
  );
}
