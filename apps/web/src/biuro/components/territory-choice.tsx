import { useId } from 'react';
import * as pl from '../../i18n/pl.ts';

type Props = { label: string; options: string[]; value: string[]; onChange: (value: string[]) => void; error?: string };

/**
 * The territories of a promoter or an action: a coordinator ticks among hers; an admin, who has them
 * all and no list of them here, types their codes.
 */
export function TerritoryChoice({ label, options, value, onChange, error }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  if (options.length === 0) {
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          name="territories"
          className="field__input"
          value={value.join(', ')}
          onChange={(event) =>
            onChange(
              event.target.value
                .split(',')
                .map((code) => code.trim().toUpperCase())
                .filter(Boolean),
            )
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
        />
        <p id={`${id}-hint`} className="biuro-muted biuro-hint">
          {pl.biuro.promoters.territoriesHint}
        </p>
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <fieldset className="biuro-checks" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{label}</legend>
      {options.map((code) => (
        <label key={code} className="biuro-check">
          <input
            type="checkbox"
            name="territories"
            checked={value.includes(code)}
            onChange={(event) => onChange(event.target.checked ? [...value, code] : value.filter((other) => other !== code))}
          />
          {code}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
