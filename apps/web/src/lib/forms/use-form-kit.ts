import { firstError, type Rule } from '@promotor/contract/rules';
import { useRef, useState, type FormEvent } from 'react';
import { focusField } from './focus-field.ts';
import { getAt, setAt, type Path, type PathValue } from './form-paths.ts';

/** Polish messages by field path ('offers.Glo.model'); a missing or undefined entry is a valid field. */
export type FormErrors = Partial<Record<string, string>>;

export type FormRules<V> = { [P in Path<V>]?: readonly Rule<PathValue<V, P>>[] };

export type FormOptions<V> = {
  initial: V;
  /** The contract's §5 rules per field: the first failing one gives the field's message. */
  rules?: FormRules<V>;
  /** Rules across fields ('Inne' needs its text; Neo combines only with Velo): messages by path. */
  validate?: (values: V) => FormErrors;
};

/** What a widget needs: its value, its shown message, and how to change and leave it. */
export type FieldBinding<T> = { name: string; value: T; error: string | null; onChange: (value: T) => void; onBlur: () => void };

/** Every message the values have now, shown or not. */
function errorsOf<V>(values: V, rules: FormRules<V> | undefined, validate: FormOptions<V>['validate']): FormErrors {
  const errors: FormErrors = {};
  for (const [path, pathRules] of Object.entries(rules ?? {}) as [string, readonly Rule<unknown>[]][]) {
    const message = firstError(pathRules, getAt(values, path));
    if (message !== null) errors[path] = message;
  }
  for (const [path, message] of Object.entries(validate?.(values) ?? {})) {
    if (message !== undefined && errors[path] === undefined) errors[path] = message;
  }
  return errors;
}

/**
 * Form state with typed values (strings, booleans, dates, arrays, nested objects like offers), checked
 * by the contract's rules. Spec §5 "validation runs on blur": a field's message shows when it is left,
 * follows the typing once shown, and submit shows every message, focusing the first invalid field.
 */
export function useFormKit<V extends object>({ initial, rules, validate }: FormOptions<V>) {
  const initialRef = useRef(initial);
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<FormErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitting, setSubmitting] = useState(false);

  const errors = errorsOf(values, rules, validate);
  const isValid = Object.keys(errors).length === 0;
  const dirty = JSON.stringify(values) !== JSON.stringify(initialRef.current);

  /** Sets a value; a message already shown for it is checked again at once. */
  function setValue<P extends Path<V>>(path: P, value: PathValue<V, P>): void {
    const next = setAt(values, path, value);
    setValues(next);
    if (shown[path] !== undefined) setShown((previous) => ({ ...previous, [path]: errorsOf(next, rules, validate)[path] }));
  }

  /** Marks fields as left and shows their messages; answers whether they are all valid (a stepper's 'Dalej'). */
  function touch(...paths: Path<V>[]): boolean {
    setTouched((previous) => new Set([...previous, ...paths]));
    setShown((previous) => ({ ...previous, ...Object.fromEntries(paths.map((path) => [path, errors[path]])) }));
    return paths.every((path) => errors[path] === undefined);
  }

  function bind<P extends Path<V>>(path: P): FieldBinding<PathValue<V, P>> {
    return {
      name: path,
      value: getAt(values, path) as PathValue<V, P>,
      error: shown[path] ?? null,
      onChange: (value) => setValue(path, value),
      onBlur: () => void touch(path),
    };
  }

  /**
   * The form's submit handler: shows every message and focuses the first invalid field, or runs `send`
   * while `submitting`. A failure goes to `onError` (a toast) and the form is usable again.
   */
  function handleSubmit(send: (values: V) => Promise<void>, onError: (error: unknown) => void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      setShown(errors);
      setTouched(new Set(Object.keys(errors)));
      const invalid = Object.keys(errors)[0];
      if (invalid !== undefined) return focusField(event.currentTarget, invalid);
      setSubmitting(true);
      try {
        await send(values);
      } catch (error) {
        onError(error);
      } finally {
        setSubmitting(false);
      }
    };
  }

  // errors: the messages shown; problems: every message the values have now (shown or not).
  return { values, errors: shown, problems: errors, touched, dirty, isValid, submitting, setValue, touch, bind, handleSubmit };
}

export type FormKit<V extends object> = ReturnType<typeof useFormKit<V>>;
