import * as pl from '../../i18n/pl.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { SelectFilter } from './filter-bar.tsx';

const NO_BODY = {};

/**
 * A territory chosen from a list (issue 33: never typed): hers for a coordinator, every one for the
 * admin and the client (/api/admin/territories answers the caller's scope). A territory of the address
 * not in the list (yet) stays chosen.
 */
export function TerritoryFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const query = useAdminQuery('/admin/territories', NO_BODY);
  const known = query.data?.territories ?? [];
  const options = known.map((territory) => ({ value: territory.ident, label: pl.biuro.territoryOption(territory.name, territory.ident) }));
  if (value && !known.some((territory) => territory.ident === value)) options.unshift({ value, label: value });
  return <SelectFilter label={label} value={value} onChange={onChange} options={options} anyLabel={pl.biuro.nav.allTerritories} />;
}
