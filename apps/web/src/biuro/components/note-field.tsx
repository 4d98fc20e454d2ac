import { useId, type Ref } from 'react';

type NoteFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  maxLength?: number;
  rows?: number;
  /** Focused first when its form opens (the forms look for it). */
  focusHere?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled text area with its hint and its error, both read with it (aria-describedby). */
export function NoteField({ label, value, onChange, hint, error, maxLength = 1000, rows = 3, focusHere, ref }: NoteFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        data-focus-here={focusHere || undefined}
        className="field__input biuro-note"
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="biuro-muted biuro-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
