import { PLAN_IMPORT_MAX_ERRORS, POINTS_IMPORT_MAX_CHANGES, type PointsImportResponse } from '@promotor/contract';
import type { PointCsvColumn } from '@promotor/contract/rules';
import type { Db } from '../../db/kysely.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { newPointCode, pointSearchText } from '../../db/point-register.ts';
import { territoriesByIdent } from '../../db/territories.ts';
import { allInScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { readCsvTable } from '../../lib/csv-table.ts';
import { importDetails, recordAudit } from '../../plugins/audit-trail.ts';
import { diffPoints, type PointStep } from './points-diff.ts';
import { POINTS_CSV, pointsFromRows, sortPointErrors, type FilePoint, type PointCsvError } from './points-rows.ts';
import * as repo from './points.repository.ts';
import { writePointChanges, type PointsCaller, type PointsDeps } from './points.service.ts';

// /api/admin/points/import (issue 34, decision 124): the plan import's guarantees (decision 087) for the
// register — read, judge, check the territories, compare with the register, write: all or nothing, the
// errors by row and column, a dry run that is the same call, the same file again changing nothing.
// Imports naming one territory run one after another (decision 106): the comparison and the writes
// happen in one transaction that waits for the one before, so N imports of one file at once add its
// points once.

/** 422 with the file's errors by row and column (the first PLAN_IMPORT_MAX_ERRORS) and how many. */
function refuse(errors: PointCsvError[], unknownTerritories: string[] = []): never {
  const data = { errors: sortPointErrors(errors).slice(0, PLAN_IMPORT_MAX_ERRORS), errorCount: errors.length };
  // What it names outside the caller's territories is recorded as tried (decision 109).
  throw refusedTry('E_POINTS_INVALID', { type: 'territory', ids: unknownTerritories }, undefined, data);
}

/** The file's territories, each known and the caller's, or the 422 naming every row of one that is not (as unknown: decision 109). */
async function territoriesOf(db: Db, caller: PointsCaller, points: readonly FilePoint[]): Promise<Map<string, { id: string }>> {
  const named = [...new Set(points.map((p) => p.territory))];
  const found = (await territoriesByIdent(db, named)).filter((t) => allInScope(caller.scope, [t.id]));
  const known = new Map(found.map((t) => [t.ident, { id: t.id }]));
  const errors = points
    .filter((p) => !known.has(p.territory))
    .map((p): PointCsvError => ({ row: p.row, column: 'territory', message: `Nie ma terytorium „${p.territory}”.` }));
  if (errors.length > 0) refuse(errors, [...new Set(named.filter((t) => !known.has(t)))]);
  return known;
}

/** The file's steps against the register as `db` holds it now, or the 422 of its collisions. */
async function compare(
  db: Db,
  points: readonly FilePoint[],
  columns: ReadonlySet<PointCsvColumn>,
  territories: Map<string, { id: string }>,
) {
  const register = await repo.pointsOfTerritories(
    db,
    [...territories.values()].map((t) => t.id),
  );
  const { steps, errors } = diffPoints(points, columns, territories, register);
  if (errors.length > 0) refuse(errors);
  return steps;
}

function answerOf(steps: readonly PointStep[], dryRun: boolean): PointsImportResponse {
  const count = (change: PointStep['change']) => steps.filter((s) => s.change === change).length;
  const changes = steps
    .filter((s) => s.change !== 'unchanged')
    .slice(0, POINTS_IMPORT_MAX_CHANGES)
    .map((s) =>
      s.change === 'created'
        ? { change: s.change, row: s.row, territory: s.territory, code: s.code, name: s.fields.name, fields: [] }
        : { change: 'updated' as const, row: s.row, territory: s.territory, code: s.code, name: s.fields.name, fields: s.changed },
    );
  return { dryRun, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), changes };
}

type Changing = Exclude<PointStep, { change: 'unchanged' }>;
const territoryOfStep = (s: Changing) => (s.change === 'created' ? s.territoryId : s.existing.territory_id);

/** Writes the steps in the caller's transaction, each point's change with its audit entry; answers them with the codes made. */
async function write(trx: Db, deps: PointsDeps, caller: PointsCaller, steps: PointStep[], importId: string): Promise<PointStep[]> {
  const changing = steps.filter((s): s is Changing => s.change !== 'unchanged');
  // A code the file leaves empty is made apart from every code of the territory, the file's too.
  const register = await repo.pointsOfTerritories(trx, [...new Set(changing.map(territoryOfStep))]);
  const taken = new Set([
    ...register.map((p) => `${p.territory_id} ${p.code}`),
    ...changing.filter((s) => s.code !== null).map((s) => `${territoryOfStep(s)} ${s.code}`),
  ]);
  const freeCode = (territoryId: string) => {
    let code = newPointCode();
    while (taken.has(`${territoryId} ${code}`)) code = newPointCode();
    taken.add(`${territoryId} ${code}`);
    return code;
  };
  const at = deps.now().toISOString();
  const written: PointStep[] = [];
  for (const step of steps) {
    if (step.change === 'updated') {
      await writePointChanges(trx, deps, caller, step.existing, { code: step.code, ...step.fields }, { import: importId });
    }
    if (step.change !== 'created') {
      written.push(step);
      continue;
    }
    const code = step.code ?? freeCode(step.territoryId);
    const row = { id: newId(), territory_id: step.territoryId, code, ...step.fields, created_at: at, updated_at: at, archived_at: null };
    await repo.insertPoint(trx, { ...row, search_text: pointSearchText(row) });
    const details = {
      import: importId,
      territory: step.territory,
      code,
      name: row.name,
      streetAddress: row.street_address,
      cityName: row.city_name,
    };
    await recordAudit(trx, deps.now(), { actor: caller.actor, verb: 'points.create', object: { type: 'point', id: row.id }, details });
    written.push({ ...step, code });
  }
  return written;
}

export async function importPoints(
  deps: PointsDeps,
  caller: PointsCaller,
  file: Buffer,
  o: { dryRun: boolean },
): Promise<PointsImportResponse> {
  const read = await readCsvTable(file, POINTS_CSV);
  if (read.errors.length > 0) refuse(read.errors);
  const judged = pointsFromRows(read.rows);
  if (judged.errors.length > 0) refuse(judged.errors);
  const columns = new Set(read.columns);
  // Territories outside the transaction: a file naming unknown ones is refused without holding anything.
  const territories = await territoriesOf(deps.db, caller, judged.points);
  if (o.dryRun) return answerOf(await compare(deps.db, judged.points, columns, territories), true);

  const run = deps.db.transaction().execute(async (trx) => {
    // After the import before it that names one of these territories has committed (decision 106).
    await lockNames(trx, 'point register', [...territories.keys()]);
    const steps = await compare(trx, judged.points, columns, territories);
    const answer = answerOf(steps, false);
    if (answer.created + answer.updated === 0) return answer;
    const importId = newId();
    const written = await write(trx, deps, caller, steps, importId);
    await recordAudit(trx, deps.now(), {
      actor: caller.actor,
      verb: 'points.import',
      object: { type: 'point_import', id: importId },
      details: importDetails(file, read.rows.length, answer),
    });
    return answerOf(written, false);
  });
  // A point added or changed meanwhile by the page (or two points of the file swapping their
  // addresses, which one statement at a time cannot write): refused whole; the same file again is
  // compared with what is there now.
  return run.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('E_POINT_EXISTS') : error;
  });
}
