import type { PointCsvColumn } from '@promotor/contract/rules';
import type { Selectable } from 'kysely';
import { addressKey } from '../../db/point-register.ts';
import type { PointTable } from '../../db/schema.ts';
import type { FilePoint, PointCsvError } from './points-rows.ts';

// What a register file changes (decision 124), each row against the register of its territory. Pure, so
// "the same file again changes nothing" is a unit test as well as an integration one. A row is the
// register's point of its code; without a code, the point of its name and address; a row with a code
// the register has not, naming a point by the name and address of one it has, gives that point its code
// (an office's own store numbers over the codes the migration made). Otherwise the row is a new point.

export type RegisterRow = Selectable<PointTable>;
/** What a row sets of a point (its code apart). */
export type PointFields = Pick<
  PointTable,
  'name' | 'street_address' | 'postal_code' | 'city_name' | 'latitude' | 'longitude' | 'chain' | 'notes'
>;

export type PointStep =
  | { change: 'created'; row: number; territory: string; territoryId: string; code: string | null; fields: PointFields }
  | { change: 'updated'; row: number; territory: string; existing: RegisterRow; code: string; fields: PointFields; changed: string[] }
  | { change: 'unchanged'; row: number; territory: string; existing: RegisterRow };

/** The API's name of each column of the register, as an update's `changed` lists them. */
const FIELD_NAMES: Record<keyof PointFields | 'code', string> = {
  code: 'code',
  name: 'name',
  street_address: 'streetAddress',
  postal_code: 'postalCode',
  city_name: 'cityName',
  latitude: 'latitude',
  longitude: 'longitude',
  chain: 'chain',
  notes: 'notes',
};

const messages = {
  sameRow: (row: number) => `Ten sam punkt jest już w wierszu ${row}.`,
  addressTaken: (code: string) => `Punkt o tej nazwie i adresie jest już w rejestrze (kod „${code}”).`,
  addressInRow: (row: number) => `Punkt o tej nazwie i adresie jest już w wierszu ${row}.`,
  codeTaken: (code: string, name: string) => `Kod „${code}” ma już w rejestrze punkt „${name}”.`,
  codeInRow: (code: string, row: number) => `Kod „${code}” jest już w wierszu ${row}.`,
  ambiguous: 'Kilka punktów rejestru ma tę nazwę i adres, z różnymi kodami pocztowymi: dodaj kolumnę kod_pocztowy albo kod_punktu.',
} as const;

/** The fields a row sets: the columns its header has; a column left out keeps the point's value. */
function fieldsOf(p: FilePoint, columns: ReadonlySet<PointCsvColumn>, existing?: RegisterRow): PointFields {
  const given = <T>(column: PointCsvColumn, value: T, kept: T) => (columns.has(column) || !existing ? value : kept);
  return {
    name: p.name,
    street_address: p.streetAddress,
    city_name: p.cityName,
    postal_code: given('postal_code', p.postalCode ?? '', existing?.postal_code ?? ''),
    // Both coordinates or neither, in a row as in the header (the rows' check asks for both).
    latitude: given('latitude', p.latitude, existing?.latitude ?? null),
    longitude: given('latitude', p.longitude, existing?.longitude ?? null),
    chain: given('chain', p.chain, existing?.chain ?? null),
    notes: given('notes', p.notes, existing?.notes ?? null),
  };
}

/** A point's name and address but its postal code: what a file without that column names it by. */
const looseKey = (p: { territory_id: string; name: string; street_address: string; city_name: string }) =>
  [p.territory_id, p.name, p.street_address, p.city_name].join('\u0000');

type Lookup = { byCode: Map<string, RegisterRow>; byKey: Map<string, RegisterRow>; byLooseKey: Map<string, RegisterRow[]> };

/**
 * A row against the register: the point it is, none, or 'ambiguous' — a file without the postal-code
 * column naming by name and address one of several points that differ only in their postal codes.
 */
function targetOf(p: FilePoint, territoryId: string, withPostalCode: boolean, r: Lookup): RegisterRow | undefined | 'ambiguous' {
  const named = p.code !== null ? r.byCode.get(`${territoryId}\u0000${p.code}`) : undefined;
  if (named) return named;
  const address = {
    territory_id: territoryId,
    name: p.name,
    street_address: p.streetAddress,
    postal_code: p.postalCode,
    city_name: p.cityName,
  };
  if (withPostalCode) return r.byKey.get(addressKey(address));
  const found = r.byLooseKey.get(looseKey(address)) ?? [];
  return found.length > 1 ? 'ambiguous' : found[0];
}

type Final = { row: number | null; code: string | null; name: string };

/**
 * The step of each row, in the file's order, or the errors of rows that name one point twice or would
 * leave two points of one code or of one name and address in a territory. `territories`: the file's
 * territories by ident (known and the caller's: checked before); `register`: their points.
 */
export function diffPoints(
  points: readonly FilePoint[],
  columns: ReadonlySet<PointCsvColumn>,
  territories: ReadonlyMap<string, { id: string }>,
  register: readonly RegisterRow[],
): { steps: PointStep[]; errors: PointCsvError[] } {
  const lookup: Lookup = {
    byCode: new Map(register.map((r) => [`${r.territory_id}\u0000${r.code}`, r])),
    byKey: new Map(register.map((r) => [addressKey(r), r])),
    byLooseKey: new Map(),
  };
  for (const r of register) lookup.byLooseKey.set(looseKey(r), [...(lookup.byLooseKey.get(looseKey(r)) ?? []), r]);
  const steps: PointStep[] = [];
  const errors: PointCsvError[] = [];
  const targeted = new Map<string, number>();
  for (const p of points) {
    const territoryId = territories.get(p.territory)!.id;
    const existing = targetOf(p, territoryId, columns.has('postal_code'), lookup);
    if (existing === 'ambiguous') {
      errors.push({ row: p.row, column: 'name', message: messages.ambiguous });
      continue;
    }
    if (!existing) {
      steps.push({ change: 'created', row: p.row, territory: p.territory, territoryId, code: p.code, fields: fieldsOf(p, columns) });
      continue;
    }
    const before = targeted.get(existing.id);
    if (before !== undefined) {
      errors.push({ row: p.row, column: p.code !== null ? 'code' : 'name', message: messages.sameRow(before) });
      continue;
    }
    targeted.set(existing.id, p.row);
    const fields = fieldsOf(p, columns, existing);
    const code = p.code ?? existing.code;
    const changed = (Object.keys(FIELD_NAMES) as (keyof PointFields | 'code')[]).filter(
      (key) => (key === 'code' ? code : fields[key]) !== existing[key],
    );
    if (changed.length === 0) steps.push({ change: 'unchanged', row: p.row, territory: p.territory, existing });
    else
      steps.push({
        change: 'updated',
        row: p.row,
        territory: p.territory,
        existing,
        code,
        fields,
        changed: changed.map((k) => FIELD_NAMES[k]),
      });
  }
  return { steps, errors: [...errors, ...collisions(steps, register)] };
}

/** Two points of one code, or of one name and address, in a territory once the steps are written. */
function collisions(steps: readonly PointStep[], register: readonly RegisterRow[]): PointCsvError[] {
  const final = new Map<string, Final & { key: string; codeKey: string | null }>();
  for (const r of register)
    final.set(r.id, { row: null, code: r.code, name: r.name, key: addressKey(r), codeKey: `${r.territory_id}\u0000${r.code}` });
  for (const step of steps) {
    if (step.change === 'unchanged') continue;
    const territoryId = step.change === 'created' ? step.territoryId : step.existing.territory_id;
    const key = addressKey({ territory_id: territoryId, ...step.fields });
    const code = step.code;
    const codeKey = code === null ? null : `${territoryId}\u0000${code}`;
    final.set(step.change === 'created' ? `row:${step.row}` : step.existing.id, {
      row: step.row,
      code,
      name: step.fields.name,
      key,
      codeKey,
    });
  }
  const errors: PointCsvError[] = [];
  const seen = (what: 'key' | 'codeKey') => {
    const first = new Map<string, Final>();
    // Points not in the file first: a row meeting one is the row in error.
    const ordered = [...final.values()].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    for (const point of ordered) {
      const value = point[what];
      if (value === null) continue;
      const other = first.get(value);
      if (!other) {
        first.set(value, point);
        continue;
      }
      const row = point.row!;
      if (what === 'key') {
        errors.push({
          row,
          column: 'name',
          message: other.row === null ? messages.addressTaken(other.code!) : messages.addressInRow(other.row),
        });
      } else {
        errors.push({
          row,
          column: 'code',
          message: other.row === null ? messages.codeTaken(point.code!, other.name) : messages.codeInRow(point.code!, other.row),
        });
      }
    }
  };
  seen('key');
  seen('codeKey');
  return errors;
}
