import { useId, type ReactNode } from 'react';
import { classNames } from '../ui/class-names.ts';
import '../ui/field.css';
import './form.css';

/** The ids a labelled control needs: its own, and its message's for aria-describedby. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, errorId: `${controlId}-error` };
}

/** aria-invalid and aria-describedby of a control with (or without) a shown message. */
export const errorAria = (error: string | null | undefined, errorId: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

/** The message under a field (spec §5: errors show under each field). */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

export type FieldFrameProps = {
  label: string;
  htmlFor: string;
  errorId: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
};

/** A real <label>, the control, and its message: the frame of every single-control widget. */
export function FieldFrame({ label, htmlFor, errorId, error, className, children }: FieldFrameProps) {
  return (
    <div className={classNames('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
