import type { Db } from '../../db/kysely.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { addPlannedPoints, registerKeyOf, registerOf, type AddressedPoint, type RegisterPoint } from '../points/points.service.ts';
import type { PlanCsvError } from './plan-csv.ts';
import type { PlanStep } from './plan-diff.ts';
import type { PlannedAction, PlannedPoint } from './plan-rows.ts';
import type { PlanningCaller, PlanningDeps } from './planning.types.ts';

// A plan's points in the register (issue 34, decision 125). A point is named by its code — its name and
// address are then the register's (a cell left empty is filled from it; one that differs is an error) —
// or by its name and address, exactly as written: the register's point of that territory, name, street,
// postal code and city, or a new one, which the write adds to the register. The action keeps its own
// copy of the address (what her phone and the reports read). An archived point may stay where it is
// planned, but a new or changed action may not name it.

const messages = {
  unknownCode: (code: string, territory: string) => `Na terytorium „${territory}” nie ma punktu o kodzie „${code}” (zob. Punkty).`,
  differs: (code: string, value: string) =>
    `Punkt „${code}” ma w rejestrze „${value}”: zostaw tę komórkę pustą albo wpisz to samo (albo popraw kod).`,
  formDiffers: (r: RegisterPoint) =>
    `Punkt „${r.code}” ma w rejestrze nazwę i adres: ${[r.name, r.streetAddress, r.postalCode, r.cityName].filter(Boolean).join(', ')}.`,
  archived: (name: string, code: string) =>
    `Punkt „${name}” (${code}) jest w archiwum: przywróć go na stronie Punkty albo wskaż inny punkt.`,
} as const;

/** A point the file names that the register has not: its first row, its territory (ident) and address. */
export type NewPlanPoint = AddressedPoint & { key: string; row: number; territory: string };

/**
 * What the file's points are in the register: the errors, the new points, the archived ones named (by
 * id), and each point the register has not yet with its register key.
 */
export type PlanPoints = {
  errors: PlanCsvError[];
  newPoints: NewPlanPoint[];
  archived: Map<string, RegisterPoint>;
  pending: Map<PlannedPoint, string>;
};

/**
 * Each point of the file resolved against the register of its territory (`territories`: the file's, by
 * ident, checked before): its pointId set, a point named by code filled from the register. Pure but for
 * filling the points in.
 */
export function resolvePlanPoints(
  actions: readonly PlannedAction[],
  territories: ReadonlyMap<string, { id: string }>,
  register: readonly RegisterPoint[],
): PlanPoints {
  const byCode = new Map(register.map((r) => [`${r.territoryId}\u0000${r.code}`, r]));
  const byKey = new Map(register.map((r) => [registerKeyOf(r), r]));
  const resolved: PlanPoints = { errors: [], newPoints: [], archived: new Map(), pending: new Map() };
  const newPoints = new Map<string, NewPlanPoint>();
  for (const action of actions) {
    const territoryId = territories.get(action.territory)!.id;
    for (const point of action.points) {
      const addressed = { territoryId, name: point.name, streetAddress: point.street, postalCode: point.postalCode, cityName: point.city };
      const key = registerKeyOf(addressed);
      const found = point.code === null ? byKey.get(key) : byCode.get(`${territoryId}\u0000${point.code}`);
      if (point.code !== null) {
        const errors = byCodeErrors(point, found, action.territory);
        resolved.errors.push(...errors);
        if (errors.length > 0) continue;
      }
      if (found) {
        point.pointId = found.id;
        if (found.archived) resolved.archived.set(found.id, found);
        continue;
      }
      resolved.pending.set(point, key);
      const known = newPoints.get(key);
      if (!known) {
        newPoints.set(key, {
          ...addressed,
          latitude: point.latitude,
          longitude: point.longitude,
          key,
          row: point.row,
          territory: action.territory,
        });
      } else if (known.latitude === null && point.latitude !== null) {
        Object.assign(known, { latitude: point.latitude, longitude: point.longitude });
      }
    }
  }
  resolved.newPoints = [...newPoints.values()];
  return resolved;
}

/**
 * A point named by its code: the register's point of that code in the action's territory, its name
 * and address what the row's cells say where they say anything; the point then filled from it (its
 * coordinates where the row gives none). Answers the row's errors.
 */
function byCodeErrors(point: PlannedPoint & { row: number }, found: RegisterPoint | undefined, territory: string): PlanCsvError[] {
  if (!found) return [{ row: point.row, column: 'point_code', message: messages.unknownCode(point.code!, territory) }];
  const cells: ['point_name' | 'street' | 'postal_code' | 'city', string | null, string | null][] = [
    ['point_name', point.name, found.name],
    ['street', point.street, found.streetAddress],
    ['postal_code', point.postalCode, found.postalCode],
    ['city', point.city, found.cityName],
  ];
  const wrong = cells.filter(([, given, stored]) => given !== null && given !== '' && given !== stored);
  if (wrong.length > 0)
    return wrong.map(([column, , stored]) => ({ row: point.row, column, message: messages.differs(found.code, stored ?? '') }));
  Object.assign(point, { name: found.name, street: found.streetAddress, postalCode: found.postalCode, city: found.cityName });
  if (point.latitude === null) Object.assign(point, { latitude: found.latitude, longitude: found.longitude });
  return [];
}

/** The file's points resolved against the register of its territories (read in `db`). */
export async function planPointsOf(db: Db, actions: readonly PlannedAction[], territories: ReadonlyMap<string, { id: string }>) {
  const register = await registerOf(
    db,
    [...territories.values()].map((t) => t.id),
  );
  return resolvePlanPoints(actions, territories, register);
}

/** Rows of the actions the file creates or changes that name an archived point. */
export function archivedPointErrors(steps: readonly PlanStep[], archived: ReadonlyMap<string, RegisterPoint>): PlanCsvError[] {
  if (archived.size === 0) return [];
  const errors: PlanCsvError[] = [];
  for (const step of steps) {
    if (step.change === 'unchanged' || (step.change === 'updated' && !step.pointsChanged)) continue;
    for (const point of step.planned.points) {
      const found = point.pointId === null ? undefined : archived.get(point.pointId);
      if (found)
        errors.push({
          row: point.row,
          column: point.code === null ? 'point_name' : 'point_code',
          message: messages.archived(found.name, found.code),
        });
    }
  }
  return errors;
}

/** The file's new points added to the register (each audited with the import), and its points' ids filled in. */
export async function addNewPlanPoints(
  trx: Db,
  deps: PlanningDeps,
  caller: PlanningCaller,
  points: PlanPoints,
  details: Record<string, unknown>,
): Promise<void> {
  if (points.newPoints.length === 0) return;
  const ids = await addPlannedPoints(trx, deps, caller, points.newPoints, details);
  for (const [point, key] of points.pending) point.pointId = ids.get(key) ?? null;
}

/** A point of the back office's form (/create, /update), as the contract reads it. */
export type FormPoint = {
  uuid?: string | undefined;
  code?: string | null | undefined;
  name: string;
  streetAddress: string;
  postalCode: string | null;
  cityName: string;
  petraId: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The form's points in the register of the action's territory, as the file's are: by code (its name and
 * address must be the register's; its coordinates the register's where none are sent) or by name and
 * address, those the register has not added (audited with `details`). `linked`: the register's point of
 * each of the action's stored points, by uuid — an archived point the action has already may stay.
 */
export async function formPointsOf(
  trx: Db,
  deps: PlanningDeps,
  caller: PlanningCaller,
  o: { territoryId: string; points: readonly FormPoint[]; linked: ReadonlyMap<string, string | null>; details: Record<string, unknown> },
): Promise<PlannedPoint[]> {
  const register = await registerOf(trx, [o.territoryId]);
  const byCode = new Map(register.map((r) => [r.code, r]));
  const byKey = new Map(register.map((r) => [registerKeyOf(r), r]));
  const issues: { path: string; message: string }[] = [];
  const pending = new Map<PlannedPoint, NewPlanPoint>();
  const planned = o.points.map((p, i): PlannedPoint => {
    const addressed = {
      territoryId: o.territoryId,
      name: p.name,
      streetAddress: p.streetAddress,
      postalCode: p.postalCode,
      cityName: p.cityName,
    };
    const key = registerKeyOf(addressed);
    const found = p.code ? byCode.get(p.code) : byKey.get(key);
    if (p.code && !found) throw refusedTry('E_POINT_NOT_FOUND', { type: 'point', ids: [p.code] });
    if (found && registerKeyOf(found) !== key) issues.push({ path: `body.action.points.${i}.name`, message: messages.formDiffers(found) });
    if (found?.archived && o.linked.get(p.uuid ?? '') !== found.id) throw new AppError('E_POINT_ARCHIVED', undefined, { code: found.code });
    const coordinates = p.code && p.latitude === null && found ? found : p;
    const point = {
      code: found?.code ?? null,
      pointId: found?.id ?? null,
      name: p.name,
      street: p.streetAddress,
      postalCode: p.postalCode,
      city: p.cityName,
      petraId: p.petraId,
      latitude: coordinates.latitude,
      longitude: coordinates.longitude,
    };
    if (!found) pending.set(point, { ...addressed, latitude: p.latitude, longitude: p.longitude, key, row: i, territory: '' });
    return point;
  });
  if (issues.length > 0) throw new AppError('E_VALIDATION', issues);
  const ids = await addPlannedPoints(trx, deps, caller, [...pending.values()], o.details);
  for (const [point, { key }] of pending) point.pointId = ids.get(key) ?? null;
  return planned;
}
