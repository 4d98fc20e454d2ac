import { useEffect, useState } from 'react';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import type { RegisterPoint } from '../api/admin-types.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import './points.css';

// 'Dodaj akcję' picks a point from the register of the action's territory (issue 34, decision 125)
// instead of retyping its address; the fields below it stay for a new point, which the register then
// takes in when the action is saved.

const t = pl.biuroPoints.picker;
/** Points offered at once: the search narrows them. */
const OFFERED = 8;

type Props = { territory: string; onPick: (point: RegisterPoint) => void };

export function PointPicker({ territory, onPick }: Props) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // A request a moment after typing stops, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  if (!territory) return <p className="biuro-muted point-picker point-picker__hint">{t.chooseTerritoryFirst}</p>;
  return (
    <div className="point-picker">
      <Field
        name="point-search"
        type="search"
        label={t.search}
        value={text}
        placeholder={t.placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {search.length >= 2 ? (
        <PickerResults territory={territory} search={search} onPick={onPick} />
      ) : (
        <p className="biuro-muted point-picker__hint">{t.typeMore}</p>
      )}
    </div>
  );
}

function PickerResults({ territory, search, onPick }: Props & { search: string }) {
  const found = useAdminQuery('/admin/points/list', { territory, search, pageSize: OFFERED, archived: false });
  const points = found.data?.points ?? [];
  return (
    <>
      <p className="biuro-muted point-picker__hint" role="status">
        {found.status === 'loaded' ? t.found(found.data.total) : found.status === 'failed' ? found.message : pl.biuro.loading}
      </p>
      {points.length ? (
        <ul className="point-picker__results" aria-label={t.search}>
          {points.map((point) => (
            <li key={point.uuid}>
              <button type="button" onClick={() => onPick(point)}>
                {t.choose(point.name, pl.biuroPoints.address(point.streetAddress, point.postalCode, point.cityName), point.code)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
