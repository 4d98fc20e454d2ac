import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as pl from '../../i18n/pl.ts';
import { classNames } from '../ui/class-names.ts';
import type { ChoiceOption } from './choice-fields.tsx';
import { errorAria, FieldFrame, useFieldIds } from './field-frame.tsx';
import { menuPlacement, nextActive } from './select-keys.ts';

export type SelectFieldProps<T extends string> = {
  label: string;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  onBlur?: () => void;
  error?: string | null;
  /** The options are still on their way: the menu says 'Loading...'. */
  loading?: boolean;
  placeholder?: string;
  id?: string;
};

/**
 * spec §2 dropdown with its defaults 'Select...', 'No options', 'Loading...' and the §9 menu (at most
 * 300 px high, at least 140 px, five options a page). A select-only combobox (WAI-ARIA APG): arrows,
 * Page Up/Down, Home/End move, Enter or Space picks, Escape closes; focus stays on the control.
 */
export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const { label, name, options, value, onChange, onBlur, error, loading = false, placeholder = pl.forms.select.placeholder, id } = props;
  const { controlId, errorId } = useFieldIds(id);
  const listId = `${controlId}-list`;
  const control = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<{ active: number; placement: ReturnType<typeof menuPlacement> } | null>(null);
  const selected = options.findIndex((option) => option.value === value);

  const open = () => {
    const rect = control.current?.getBoundingClientRect();
    setMenu({ active: Math.max(selected, 0), placement: menuPlacement(rect, window.innerHeight) });
  };
  const pick = (index: number) => {
    const option = options[index];
    if (option) onChange(option.value);
    setMenu(null);
  };

  useEffect(() => {
    if (menu) document.getElementById(`${listId}-${menu.active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [menu, listId]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!menu) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        open();
      }
      return;
    }
    if (event.key === 'Escape') {
      event.stopPropagation(); // the menu closes, not the modal around it
      setMenu(null);
    } else if (event.key === 'Enter' || event.key === ' ') {
      pick(menu.active);
    } else if (event.key === 'Tab') {
      setMenu(null);
      return;
    } else {
      const active = nextActive(event.key, menu.active, options.length);
      if (active === null) return;
      setMenu({ ...menu, active });
    }
    event.preventDefault();
  };

  return (
    <FieldFrame label={label} htmlFor={controlId} errorId={errorId} error={error} className="select">
      <button
        ref={control}
        id={controlId}
        type="button"
        name={name}
        role="combobox"
        className="field__input select__control"
        aria-haspopup="listbox"
        aria-expanded={menu !== null}
        aria-controls={listId}
        aria-activedescendant={menu && options.length > 0 && !loading ? `${listId}-${menu.active}` : undefined}
        onClick={() => (menu ? setMenu(null) : open())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setMenu(null);
          onBlur?.();
        }}
        {...errorAria(error, errorId)}
      >
        {selected >= 0 ? options[selected]?.label : <span className="select__placeholder">{placeholder}</span>}
      </button>
      {menu ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className={classNames('select__menu', `select__menu--${menu.placement.side}`)}
          style={{ maxHeight: menu.placement.maxHeight }}
        >
          {loading || options.length === 0 ? (
            <li className="select__notice" role="presentation">
              {loading ? pl.forms.select.loading : pl.forms.select.noOptions}
            </li>
          ) : (
            options.map((option, index) => (
              <li
                key={option.value}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === selected}
                className={classNames('select__option', index === menu.active && 'select__option--active')}
                // The control keeps focus (and so its keyboard) while the option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(index)}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </FieldFrame>
  );
}
