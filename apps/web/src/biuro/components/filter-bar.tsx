import { useEffect, useId, useState, type ReactNode } from 'react';
import * as pl from '../../i18n/pl.ts';
import './filter-bar.css';

/** The filters above a table, in a labelled group, with a way to clear them all. */
export function FilterBar({ children, onClear }: { children: ReactNode; onClear: () => void }) {
  return (
    <div className="filter-bar" role="group" aria-label={pl.biuro.table.filters}>
      {children}
      <button type="button" className="filter-bar__clear" onClick={onClear}>
        {pl.biuro.table.clearFilters}
      </button>
    </div>
  );
}

/** A text filter written to the address a moment after typing stops (not a request per key). */
export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 350);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="filter-bar__item filter-bar__item--wide">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} placeholder={placeholder} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

export function SelectFilter({
  label,
  value,
  onChange,
  options,
  anyLabel = pl.biuro.table.any,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  anyLabel?: string | null;
}) {
  const id = useId();
  return (
    <div className="filter-bar__item">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel !== null ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextFilter({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date';
}) {
  const id = useId();
  return (
    <div className="filter-bar__item">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
