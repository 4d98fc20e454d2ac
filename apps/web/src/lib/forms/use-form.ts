import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Rule } from '@promotor/contract/rules';
import { toastError } from '../../store/notify.ts';
import type { Path } from './form-paths.ts';
import { focusField, useFormKit, type FormRules } from './use-form-kit.ts';

type Values<K extends string> = Record<K, string>;

/**
 * The text-only face of the form kit (use-form-kit.ts) for the login, reminder and password pages:
 * props for <Field> (input events) and validateAll for useSubmit. Same rules: a field is checked when it
 * loses focus (spec §5 "validation runs on blur") and again while it is typed into once it shows an
 * error; submit checks all.
 */
export function useForm<K extends string>(rules: Record<K, readonly Rule[]>, initial: Partial<Values<K>> = {}) {
  const names = Object.keys(rules) as K[];
  const kit = useFormKit<Values<K>>({
    initial: Object.fromEntries(names.map((name) => [name, initial[name] ?? ''])) as Values<K>,
    rules: rules as FormRules<Values<K>>,
  });

  /** Props for <Field>: value, change and blur handlers, and the error to show. */
  const field = (name: K) => {
    const binding = kit.bind(name as Path<Values<K>>);
    return {
      name,
      value: binding.value as string,
      error: binding.error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => binding.onChange(event.target.value as never),
      onBlur: binding.onBlur,
    };
  };

  /** Checks every field and shows all errors; answers the first invalid field's name, or null. */
  const validateAll = (): K | null => {
    kit.touch(...(names as Path<Values<K>>[]));
    return names.find((name) => kit.problems[name] !== undefined) ?? null;
  };

  return { values: kit.values, errors: kit.errors as Partial<Record<K, string>>, field, validateAll };
}

export { focusField };

/**
 * The submit handler of a form: checks every field (focusing the first invalid one), then runs `send`
 * while `busy`. A failure shows its Polish message as a toast, then `onFailure` runs (by default the
 * form just becomes usable again).
 */
export function useSubmit(
  form: { validateAll: () => string | null },
  send: () => Promise<void>,
  onFailure: () => Promise<void> | void = () => {},
) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = form.validateAll();
    if (invalid) return focusField(event.currentTarget, invalid);
    setBusy(true);
    try {
      await send();
    } catch (error) {
      toastError(error);
      setBusy(false);
      await onFailure();
    }
  }
  return { busy, onSubmit };
}
