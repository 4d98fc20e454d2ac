import { useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { firstError, type Rule } from '@promotor/contract/rules';
import { focusField } from './focus-field.ts';

type Values<K extends string> = Record<K, string>;
type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * The small string-only form of the login, reminder and password pages. Everything else uses the kit
 * (use-form-kit.ts); importing it here would put the kit into the login page's budget (decision 050).
 * Form state checked by the contract's §5 rules: a field is checked when it loses focus (spec §5
 * "validation runs on blur") and again while it is typed into once it shows an error; submit checks all.
 */
export function useForm<K extends string>(rules: Record<K, readonly Rule[]>, initial: Partial<Values<K>> = {}) {
  const names = Object.keys(rules) as K[];
  const [values, setValues] = useState<Values<K>>(() => Object.fromEntries(names.map((name) => [name, initial[name] ?? ''])) as Values<K>);
  const [errors, setErrors] = useState<Errors<K>>({});

  const check = (name: K, value: string) => firstError(rules[name], value) ?? undefined;
  const setError = (name: K, value: string) => setErrors((previous) => ({ ...previous, [name]: check(name, value) }));

  /** Props for <Field>: value, change and blur handlers, and the error to show. */
  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      if (errors[name]) setError(name, value);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => setError(name, event.target.value),
  });

  /** Checks every field and shows all errors; answers the first invalid field's name, or null. */
  const validateAll = (): K | null => {
    const next: Errors<K> = {};
    for (const name of names) next[name] = check(name, values[name]);
    setErrors(next);
    return names.find((name) => next[name] !== undefined) ?? null;
  };

  return { values, errors, field, validateAll };
}

export { focusField };

/**
 * The submit handler of a form: checks every field (focusing the first invalid one), then runs `send`
 * while `busy`. A failure goes to `report` (the pages pass the store's toastError: lib/ does not know
 * the store), then `onFailure` runs (by default the form just becomes usable again).
 */
export function useSubmit(
  form: { validateAll: () => string | null },
  send: () => Promise<void>,
  report: (error: unknown) => void,
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
      report(error);
      setBusy(false);
      await onFailure();
    }
  }
  return { busy, onSubmit };
}
