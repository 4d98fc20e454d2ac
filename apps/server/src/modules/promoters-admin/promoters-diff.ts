import type { PromoterCsvColumn } from '@promotor/contract/rules';
import type { User } from '../../db/schema.ts';
import type { FilePromoter, PromoterCsvError } from './promoters-rows.ts';

// What a promoters' file changes (decision 121), each row against the promoter of its login. Pure, so
// "the same file again changes nothing" is a unit test as well as an integration one. A row whose login
// is a promoter the caller sees updates her names, phone and — within the caller's territories — her
// territories (as /admin/promoters/update does); a login nobody has is a new promoter; a login of staff
// or of a promoter outside the caller's territories is an error naming neither (decision 109).

/** What the database holds about the file's logins and hostess codes, read in the caller's scope. */
export type Known = {
  /** The promoters of the file's logins that the caller sees, with their territories. */
  promoters: ReadonlyMap<string, { user: User; territories: { id: string; ident: string }[] }>;
  /** The file's logins held by anyone else (staff, a promoter outside her territories). */
  takenUsernames: ReadonlySet<string>;
  /** The file's hostess codes held by a promoter: by whom, and whether the caller sees her. */
  idents: ReadonlyMap<string, { userId: string; seen: boolean }>;
};

export type PromoterFields = { firstname: string; lastname: string; mobile_phone: string | null };

export type PromoterStep =
  | {
      change: 'created';
      row: number;
      username: string;
      ident: string | null;
      fields: PromoterFields;
      password: string;
      territoryIds: string[];
      territories: string[];
    }
  | {
      change: 'updated';
      row: number;
      existing: User;
      fields: PromoterFields;
      territoryIds: string[] | null;
      territories: string[];
      changes: Record<string, { from: unknown; to: unknown }>;
    }
  | { change: 'unchanged'; row: number; existing: User; territories: string[] };

const messages = {
  usernameInRow: (row: number) => `Ten login jest już w wierszu ${row}.`,
  identInRow: (row: number) => `Ten kod hostessy jest już w wierszu ${row}.`,
  // Neither the holder nor which of the two: decision 109, as E_PROMOTER_CONFLICT.
  conflict: 'Tego loginu albo kodu hostessy nie można użyć: ma go już inne konto.',
  identTaken: (ident: string) => `Kod hostessy „${ident}” ma już inna promotorka.`,
  identOfHers: (ident: string) => `Promotorka o tym loginie ma kod hostessy „${ident}”; importem go nie zmienisz.`,
  password: 'Nowa promotorka potrzebuje hasła startowego.',
} as const;

/**
 * The step of each row, in the file's order, or the errors by row. `territories`: the file's territories
 * by ident, known and the caller's (checked before); `inScope`: whether a territory id is one of hers.
 */
export function diffPromoters(
  rows: readonly FilePromoter[],
  columns: ReadonlySet<PromoterCsvColumn>,
  territories: ReadonlyMap<string, { id: string }>,
  known: Known,
  inScope: (territoryId: string) => boolean,
): { steps: PromoterStep[]; errors: PromoterCsvError[] } {
  const steps: PromoterStep[] = [];
  const errors: PromoterCsvError[] = [];
  const usernameRows = new Map<string, number>();
  const identRows = new Map<string, number>();
  for (const p of rows) {
    const error = (column: PromoterCsvColumn, message: string) => errors.push({ row: p.row, column, message });
    const firstRow = usernameRows.get(p.username);
    if (firstRow !== undefined) {
      error('username', messages.usernameInRow(firstRow));
      continue;
    }
    usernameRows.set(p.username, p.row);
    if (p.ident !== null) {
      const identRow = identRows.get(p.ident);
      if (identRow !== undefined) error('ident', messages.identInRow(identRow));
      else identRows.set(p.ident, p.row);
    }
    if (known.takenUsernames.has(p.username)) {
      error('username', messages.conflict);
      continue;
    }
    const sent = p.territories.map((ident) => territories.get(ident)!.id);
    const found = known.promoters.get(p.username);
    if (found) {
      if (p.ident !== null && p.ident !== found.user.ident) error('ident', messages.identOfHers(found.user.ident));
      else steps.push(updateOf(p, columns, found, sent, inScope));
      continue;
    }
    const holder = p.ident === null ? undefined : known.idents.get(p.ident);
    if (holder) error(holder.seen ? 'ident' : 'username', holder.seen ? messages.identTaken(p.ident!) : messages.conflict);
    if (p.password === null) error('password', messages.password);
    if (holder || p.password === null) continue;
    steps.push({
      change: 'created',
      row: p.row,
      username: p.username,
      ident: p.ident,
      fields: { firstname: p.firstname, lastname: p.lastname, mobile_phone: p.mobilePhone },
      password: p.password,
      territoryIds: [...new Set(sent)],
      territories: [...new Set(p.territories)].sort(),
    });
  }
  return { steps: errors.length > 0 ? [] : steps, errors };
}

/** A row of a promoter she has: only what differs; a column left out keeps hers; her territories outside the caller's stay. */
function updateOf(
  p: FilePromoter,
  columns: ReadonlySet<PromoterCsvColumn>,
  found: { user: User; territories: { id: string; ident: string }[] },
  sent: string[],
  inScope: (territoryId: string) => boolean,
): PromoterStep {
  const { user } = found;
  const fields: PromoterFields = {
    firstname: p.firstname,
    lastname: p.lastname,
    mobile_phone: columns.has('phone') ? p.mobilePhone : user.mobile_phone,
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['firstname', 'lastname', 'mobile_phone'] as const) {
    if (fields[key] !== user[key]) changes[key] = { from: user[key], to: fields[key] };
  }
  const kept = found.territories.filter((t) => !inScope(t.id));
  const before = found.territories.map((t) => t.ident).sort();
  const after = [...new Set([...kept.map((t) => t.ident), ...p.territories])].sort();
  const territoryIds = before.join() === after.join() ? null : [...new Set([...kept.map((t) => t.id), ...sent])];
  if (territoryIds) changes.territories = { from: before, to: after };
  if (Object.keys(changes).length === 0) return { change: 'unchanged', row: p.row, existing: user, territories: after };
  return { change: 'updated', row: p.row, existing: user, fields, territoryIds, territories: after, changes };
}
