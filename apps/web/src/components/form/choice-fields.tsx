import type { ReactNode } from 'react';
import { classNames } from '../ui/class-names.ts';
import { errorAria, FieldError, useFieldIds } from './field-frame.tsx';

export type ChoiceOption<T extends string> = { value: T; label: string };

type GroupProps<V> = {
  legend: string;
  /** The legend's class (a form step's title). */
  legendClassName?: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | null;
  /** Shown under the options, inside the group (the 'Inne' text). */
  children?: ReactNode;
};

/** spec §2 form widgets: one checkbox with its label (a consent), a boolean value. */
export function CheckboxField(
  props: Omit<GroupProps<boolean>, 'legend' | 'legendClassName' | 'children'> & { label: string; id?: string },
) {
  const { label, name, value, onChange, onBlur, error, id } = props;
  const { controlId, errorId } = useFieldIds(id);
  return (
    <div className={classNames('choice-field', error && 'field--invalid')}>
      <label className="choice" htmlFor={controlId}>
        <input
          id={controlId}
          type="checkbox"
          name={name}
          checked={value}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          {...errorAria(error, errorId)}
        />
        <span>{label}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Checkboxes whose value is the array of the ticked options, in the options' order. */
export function CheckboxGroup<T extends string>({ options, ...group }: GroupProps<readonly T[]> & { options: readonly ChoiceOption<T>[] }) {
  const toggle = (item: T) => {
    const ticked = new Set(group.value);
    if (!ticked.delete(item)) ticked.add(item);
    group.onChange(options.map((option) => option.value).filter((value) => ticked.has(value)));
  };
  return (
    <ChoiceFieldset {...group} extra={group.children}>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="checkbox"
            name={group.name}
            value={option.value}
            checked={group.value.includes(option.value)}
            onChange={() => toggle(option.value)}
            onBlur={group.onBlur}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </ChoiceFieldset>
  );
}

/** spec §2 form widgets: a radio group, one choice or none yet (null). */
export function RadioGroup<T extends string>({ options, ...group }: GroupProps<T | null> & { options: readonly ChoiceOption<T>[] }) {
  return (
    <ChoiceFieldset {...group} extra={group.children}>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={group.name}
            value={option.value}
            checked={group.value === option.value}
            onChange={() => group.onChange(option.value)}
            onBlur={group.onBlur}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </ChoiceFieldset>
  );
}

type FieldsetProps = Pick<GroupProps<unknown>, 'legend' | 'legendClassName' | 'error'> & {
  extra: ReactNode;
  children: ReactNode;
};

/**
 * A fieldset (role group) named by its legend, its message tied to it. Radios sharing a name are one
 * choice to assistive technology already; the group keeps the role the e2e tests find it by.
 */
function ChoiceFieldset({ legend, legendClassName, error, extra, children }: FieldsetProps) {
  const { errorId } = useFieldIds();
  return (
    <fieldset className={classNames('choice-group', error && 'field--invalid')} {...errorAria(error, errorId)}>
      <legend className={legendClassName ?? 'field__label'}>{legend}</legend>
      {children}
      <FieldError id={errorId} error={error} />
      {extra}
    </fieldset>
  );
}
