import type {
  AdminPoint,
  AdminPointArchiveBody,
  AdminPointCreateBody,
  AdminPointResponse,
  AdminPointsListBody,
  AdminPointsListResponse,
  AdminPointUpdateBody,
} from '@promotor/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { lockPoint } from '../../db/lock-point.ts';
import { addressKey, newPointCode, pointSearchText } from '../../db/point-register.ts';
import type { PointTable } from '../../db/schema.ts';
import { territoriesByIdent } from '../../db/territories.ts';
import { allInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../../plugins/audit-trail.ts';
import * as repo from './points.repository.ts';

// /api/admin/points/* (issue 34, decision 124): the register of a territory's stores. A coordinator's
// scope is in every query: another territory's point is E_POINT_NOT_FOUND and another territory
// E_TERRITORY_NOT_FOUND, as what does not exist (decision 109). Each change writes its audit entry in its
// own transaction, from → to; a change that changes nothing records nothing (decision 086).

export type PointsDeps = { db: Db; now: () => Date; map: { tileUrl: string | null; attribution: string } };
/** Who calls: her scope for the route's permission and the actor her changes record. */
export type PointsCaller = { scope: TerritoryScope; actor: Actor };

type Body<S extends z.ZodType> = z.output<S>;

export { registerActionPoints } from '../../db/point-register.ts';

const toAdminPoint = (p: repo.PointRow): AdminPoint => ({
  uuid: p.id,
  code: p.code,
  territory: { ident: p.territory_ident, name: p.territory_name },
  name: p.name,
  streetAddress: p.street_address,
  postalCode: p.postal_code === '' ? null : p.postal_code,
  cityName: p.city_name,
  latitude: p.latitude,
  longitude: p.longitude,
  chain: p.chain,
  notes: p.notes,
  archived: p.archived_at !== null,
});

/** Not found, or not in the caller's territories: one answer; the audit log records the try. */
const pointNotFound = (id: string) => refusedTry('E_POINT_NOT_FOUND', { type: 'point', ids: [id] });

async function answerPoint(db: Db, scope: TerritoryScope, id: string): Promise<AdminPointResponse> {
  const row = await repo.findPoint(db, scope, id);
  if (!row) throw pointNotFound(id);
  return { point: toAdminPoint(row) };
}

export async function listPoints(
  deps: PointsDeps,
  caller: PointsCaller,
  body: Body<typeof AdminPointsListBody>,
): Promise<AdminPointsListResponse> {
  const filters = { search: body.search, territory: body.territory, archived: body.archived };
  const page = { limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const { rows, total } = await repo.listPoints(deps.db, caller.scope, filters, page);
  return { points: rows.map(toAdminPoint), page: body.page, pageSize: body.pageSize, total, map: deps.map };
}

/** The territory of this ident, known and the caller's (decision 109: one outside her scope is unknown). */
async function territoryOf(db: Db, scope: TerritoryScope, ident: string): Promise<string> {
  const [found] = await territoriesByIdent(db, [ident]);
  if (!found || !allInScope(scope, [found.id])) throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: [ident] });
  return found.id;
}

/** A point's fields as its audit entries show them (the API's names). */
const shown = (p: Pick<PointTable, 'code'> & Fields) => ({
  code: p.code,
  name: p.name,
  streetAddress: p.street_address,
  postalCode: p.postal_code === '' ? null : p.postal_code,
  cityName: p.city_name,
  latitude: p.latitude,
  longitude: p.longitude,
  chain: p.chain,
  notes: p.notes,
});

type Fields = Pick<PointTable, 'name' | 'street_address' | 'postal_code' | 'city_name' | 'latitude' | 'longitude' | 'chain' | 'notes'>;

const fieldsOf = (p: Body<typeof AdminPointUpdateBody>['point'] | Body<typeof AdminPointCreateBody>['point']): Fields => ({
  name: p.name,
  street_address: p.streetAddress,
  postal_code: p.postalCode ?? '',
  city_name: p.cityName,
  latitude: p.latitude,
  longitude: p.longitude,
  chain: p.chain,
  notes: p.notes,
});

/**
 * Why a write met a unique key (decision 106: the statement refuses, the answer says which): its code
 * taken in the territory, or a point of its name and address there already (its code in `data.code`:
 * the territory is the caller's, so is what she learns).
 */
async function takenError(db: Db, p: Pick<PointTable, 'territory_id' | 'code'> & Fields, exceptId?: string): Promise<AppError | null> {
  const same = await repo.findByAddress(db, p);
  if (same && same.id !== exceptId) return new AppError('E_POINT_EXISTS', undefined, { code: same.code });
  const coded = await repo.findByCode(db, p.territory_id, p.code);
  if (coded && coded.id !== exceptId) return new AppError('E_POINT_CODE_TAKEN');
  return null;
}

export async function createPoint(
  deps: PointsDeps,
  caller: PointsCaller,
  body: Body<typeof AdminPointCreateBody>,
): Promise<AdminPointResponse> {
  const { db, now } = deps;
  const input = body.point;
  const territoryId = await territoryOf(db, caller.scope, input.territory.ident);
  const fields = fieldsOf(input);
  // A code the server makes is tried again on the rare collision with one already there.
  for (let attempt = 0; ; attempt++) {
    const code = input.code || newPointCode();
    const id = newId();
    const at = now().toISOString();
    const row = { id, territory_id: territoryId, code, ...fields, created_at: at, updated_at: at, archived_at: null };
    const write = db.transaction().execute(async (trx) => {
      await repo.insertPoint(trx, { ...row, search_text: pointSearchText(row) });
      const details = { territory: input.territory.ident, ...shown(row) };
      await recordAudit(trx, now(), { actor: caller.actor, verb: 'points.create', object: { type: 'point', id }, details });
    });
    // Two creates of one point at once: the unique keys refuse the second (decision 106).
    const failed = await write.then(
      () => null,
      async (error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        return (await takenError(db, row)) ?? error;
      },
    );
    if (failed === null) return answerPoint(db, caller.scope, id);
    const retry = failed instanceof AppError && failed.code === 'E_POINT_CODE_TAKEN' && !input.code && attempt < 3;
    if (!retry) throw failed;
  }
}

/** What the input changes of the point as it is now, each field from → to (the API's names). */
function changesOf(row: Selectable<PointTable>, code: string, fields: Fields) {
  const set: Partial<Fields & { code: string }> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const names: Record<keyof Fields | 'code', string> = {
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
  for (const [key, value] of Object.entries({ code, ...fields }) as [keyof Fields | 'code', string | number | null][]) {
    if (row[key] === value) continue;
    Object.assign(set, { [key]: value });
    const visible = (v: unknown) => (key === 'postal_code' && v === '' ? null : v);
    changes[names[key]] = { from: visible(row[key]), to: visible(value) };
  }
  return { set, changes };
}

/**
 * Changes a point of the register, as written: `changes` from → to, or nothing when it changes
 * nothing. The actions planned at it keep their copy of the address (decision 124).
 */
export async function writePointChanges(
  trx: Db,
  deps: Pick<PointsDeps, 'now'>,
  caller: PointsCaller,
  row: Selectable<PointTable>,
  next: { code: string } & Fields,
  details: Record<string, unknown> = {},
): Promise<Record<string, { from: unknown; to: unknown }> | null> {
  const { code, ...fields } = next;
  const { set, changes } = changesOf(row, code, fields);
  if (Object.keys(changes).length === 0) return null;
  const at = deps.now();
  const updated = { ...row, ...set };
  await repo.updatePoint(trx, row.id, { ...set, search_text: pointSearchText(updated), updated_at: at.toISOString() });
  const object = { type: 'point', id: row.id } as const;
  await recordAudit(trx, at, { actor: caller.actor, verb: 'points.update', object, details: { ...changes, ...details } });
  return changes;
}

export async function updatePoint(
  deps: PointsDeps,
  caller: PointsCaller,
  body: Body<typeof AdminPointUpdateBody>,
): Promise<AdminPointResponse> {
  const { db } = deps;
  const input = body.point;
  const found = await repo.findPoint(db, caller.scope, input.uuid);
  if (!found) throw pointNotFound(input.uuid);
  const next = { code: input.code, ...fieldsOf(input) };
  // Changes of one point run one after another: it is read again under its lock, so each audit entry
  // starts where the one before ended.
  const write = db.transaction().execute(async (trx) => {
    await lockPoint(trx, found.id);
    const row = (await repo.findPoint(trx, caller.scope, found.id)) ?? found;
    await writePointChanges(trx, deps, caller, row, next);
  });
  await write.catch(async (error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    throw (await takenError(db, { territory_id: found.territory_id, ...next }, found.id)) ?? error;
  });
  return answerPoint(db, caller.scope, found.id);
}

/** Archived: kept (the actions at it name it), no longer offered for plans; restored: offered again. */
export async function archivePoint(
  deps: PointsDeps,
  caller: PointsCaller,
  body: Body<typeof AdminPointArchiveBody>,
): Promise<AdminPointResponse> {
  const { db, now } = deps;
  const found = await repo.findPoint(db, caller.scope, body.point.uuid);
  if (!found) throw pointNotFound(body.point.uuid);
  await db.transaction().execute(async (trx) => {
    const at = now();
    // Only when it is not so already, in the statement: of two archives at once, one writes and records.
    if (!(await repo.setArchived(trx, found.id, body.archived ? at.toISOString() : null, at.toISOString()))) return;
    const archived = { from: !body.archived, to: body.archived };
    const verb = body.archived ? 'points.archive' : 'points.restore';
    await recordAudit(trx, at, {
      actor: caller.actor,
      verb,
      object: { type: 'point', id: found.id },
      details: { code: found.code, archived },
    });
  });
  return answerPoint(db, caller.scope, found.id);
}

// What the planning reads and adds (decision 125): the register's points of a plan's territories, and
// the points a plan names that it has not, added.

/** A point of the register as a plan names it. */
export type RegisterPoint = {
  id: string;
  territoryId: string;
  code: string;
  name: string;
  streetAddress: string;
  postalCode: string | null;
  cityName: string;
  latitude: number | null;
  longitude: number | null;
  archived: boolean;
};

/** A point a plan names by its name and address (in a territory of the caller's, checked before). */
export type AddressedPoint = Pick<
  RegisterPoint,
  'territoryId' | 'name' | 'streetAddress' | 'postalCode' | 'cityName' | 'latitude' | 'longitude'
>;

/** Its register key: territory, name, street, postal code, city (exactly as written). */
export const registerKeyOf = (p: Pick<AddressedPoint, 'territoryId' | 'name' | 'streetAddress' | 'postalCode' | 'cityName'>) =>
  addressKey({
    territory_id: p.territoryId,
    name: p.name,
    street_address: p.streetAddress,
    postal_code: p.postalCode,
    city_name: p.cityName,
  });

/** Every point of the register of these territories, archived ones too. */
export async function registerOf(db: Db, territoryIds: readonly string[]): Promise<RegisterPoint[]> {
  const rows = await repo.pointsOfTerritories(db, [...new Set(territoryIds)]);
  return rows.map((p) => ({
    id: p.id,
    territoryId: p.territory_id,
    code: p.code,
    name: p.name,
    streetAddress: p.street_address,
    postalCode: p.postal_code === '' ? null : p.postal_code,
    cityName: p.city_name,
    latitude: p.latitude,
    longitude: p.longitude,
    archived: p.archived_at !== null,
  }));
}

/**
 * The register's points of these addresses, those it has not added (each recorded in the audit log,
 * `details` added to its entry); answers every address's point id by registerKeyOf. A point another
 * writer added meanwhile is taken as it is: the unique key makes this insert wait for that commit and
 * then write nothing for it.
 */
export async function addPlannedPoints(
  trx: Db,
  deps: Pick<PointsDeps, 'now'>,
  caller: PointsCaller,
  points: readonly AddressedPoint[],
  details: Record<string, unknown> = {},
): Promise<Map<string, string>> {
  const byKey = new Map(points.map((p) => [registerKeyOf(p), p]));
  if (byKey.size === 0) return new Map();
  const at = deps.now().toISOString();
  // Codes made apart from those there are: a plan adds hundreds of points to a register of thousands.
  const taken = new Set(
    (
      await registerOf(
        trx,
        [...byKey.values()].map((p) => p.territoryId),
      )
    ).map((p) => `${p.territoryId} ${p.code}`),
  );
  const freeCode = (territoryId: string) => {
    let code = newPointCode();
    while (taken.has(`${territoryId} ${code}`)) code = newPointCode();
    taken.add(`${territoryId} ${code}`);
    return code;
  };
  const rows = [...byKey.values()].map((p) => {
    const row = {
      id: newId(),
      territory_id: p.territoryId,
      code: freeCode(p.territoryId),
      name: p.name,
      street_address: p.streetAddress,
      postal_code: p.postalCode ?? '',
      city_name: p.cityName,
      latitude: p.latitude,
      longitude: p.longitude,
      chain: null,
      notes: null,
      created_at: at,
      updated_at: at,
      archived_at: null,
    };
    return { ...row, search_text: pointSearchText(row) };
  });
  await repo.insertNewPoints(trx, rows);
  const stored = await registerOf(
    trx,
    rows.map((r) => r.territory_id),
  );
  const ids = new Map(stored.filter((p) => byKey.has(registerKeyOf(p))).map((p) => [registerKeyOf(p), p.id]));
  for (const row of rows) {
    if (ids.get(addressKey(row)) !== row.id) continue;
    const object = { type: 'point', id: row.id } as const;
    await recordAudit(trx, deps.now(), { actor: caller.actor, verb: 'points.create', object, details: { ...shown(row), ...details } });
  }
  return ids;
}
