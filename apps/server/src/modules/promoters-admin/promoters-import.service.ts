import { randomInt } from 'node:crypto';
import { PLAN_IMPORT_MAX_ERRORS, PROMOTERS_IMPORT_MAX_CHANGES, type PromotersImportResponse } from '@promotor/contract';
import type { PromoterCsvColumn } from '@promotor/contract/rules';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { territoriesByIdent } from '../../db/territories.ts';
import { allInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { readCsvTable } from '../../lib/csv-table.ts';
import { hashPassword } from '../../lib/password.ts';
import { importDetails, recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import { diffPromoters, type Known, type PromoterStep } from './promoters-diff.ts';
import type { PromotersAdminDeps } from './promoters-admin.service.ts';
import * as repo from './promoters-admin.repository.ts';
import { PROMOTERS_CSV, promotersFromRows, sortPromoterErrors, type FilePromoter, type PromoterCsvError } from './promoters-rows.ts';

// /api/admin/promoters/import (issue 34, decision 121): the plan and points imports' guarantees
// (decisions 087, 124) for promoters — read, judge, check the territories, compare with the promoters of
// the file's logins, write: all or nothing, the errors by row and column, a dry run that is the same
// call, the same file again changing nothing. Logins are one namespace across territories, so every
// promoters' import runs after the one before has committed (one lock name): N imports of one file at
// once create its promoters once.

/** 422 with the file's errors by row and column (the first PLAN_IMPORT_MAX_ERRORS) and how many. */
function refuse(errors: PromoterCsvError[], unknownTerritories: string[] = []): never {
  const data = { errors: sortPromoterErrors(errors).slice(0, PLAN_IMPORT_MAX_ERRORS), errorCount: errors.length };
  // What it names outside the caller's territories is recorded as tried (decision 109).
  throw refusedTry('E_PROMOTERS_INVALID', { type: 'territory', ids: unknownTerritories }, undefined, data);
}

/** The file's territories, each known and the caller's, or the 422 naming every row of one that is not (as unknown: decision 109). */
async function territoriesOf(db: Db, scope: TerritoryScope, rows: readonly FilePromoter[]): Promise<Map<string, { id: string }>> {
  const named = [...new Set(rows.flatMap((p) => p.territories))];
  const found = (await territoriesByIdent(db, named)).filter((t) => allInScope(scope, [t.id]));
  const known = new Map(found.map((t) => [t.ident, { id: t.id }]));
  const errors = rows.flatMap((p) =>
    p.territories
      .filter((ident) => !known.has(ident))
      .map((ident): PromoterCsvError => ({ row: p.row, column: 'territories', message: `Nie ma terytorium „${ident}”.` })),
  );
  if (errors.length > 0)
    refuse(
      errors,
      named.filter((t) => !known.has(t)),
    );
  return known;
}

/** What `db` holds now about the file's logins and hostess codes, as the caller sees it. */
async function knownOf(db: Db, scope: TerritoryScope, rows: readonly FilePromoter[]): Promise<Known> {
  const usernames = [...new Set(rows.map((p) => p.username))];
  const idents = [...new Set(rows.flatMap((p) => (p.ident === null ? [] : [p.ident])))];
  const [holders, staff, identHolders] = await Promise.all([
    repo.promotersByUsername(db, scope, usernames),
    repo.staffUsernames(db, usernames),
    repo.promotersByIdent(db, scope, idents),
  ]);
  const seen = holders.filter((h) => Number(h.seen) === 1);
  const territories = await repo.territoriesOf(
    db,
    seen.map((h) => h.id),
  );
  return {
    promoters: new Map(seen.map(({ seen: _, ...user }) => [user.username, { user, territories: territories.get(user.id) ?? [] }])),
    takenUsernames: new Set([...staff, ...holders.filter((h) => Number(h.seen) !== 1).map((h) => h.username)]),
    idents: new Map(identHolders.map((h) => [h.ident, { userId: h.id, seen: Number(h.seen) === 1 }])),
  };
}

async function compare(
  db: Db,
  scope: TerritoryScope,
  rows: readonly FilePromoter[],
  columns: ReadonlySet<PromoterCsvColumn>,
  territories: Map<string, { id: string }>,
) {
  const known = await knownOf(db, scope, rows);
  const { steps, errors } = diffPromoters(rows, columns, territories, known, (id) => allInScope(scope, [id]));
  if (errors.length > 0) refuse(errors);
  return steps;
}

const FIELD_NAMES: Record<string, string> = {
  firstname: 'firstname',
  lastname: 'lastname',
  mobile_phone: 'mobilePhone',
  territories: 'territories',
};

function answerOf(steps: readonly PromoterStep[], dryRun: boolean): PromotersImportResponse {
  const count = (change: PromoterStep['change']) => steps.filter((s) => s.change === change).length;
  const changes = steps
    .filter((s) => s.change !== 'unchanged')
    .slice(0, PROMOTERS_IMPORT_MAX_CHANGES)
    .map((s) =>
      s.change === 'created'
        ? {
            change: s.change,
            row: s.row,
            username: s.username,
            name: `${s.fields.firstname} ${s.fields.lastname}`,
            ident: s.ident,
            territories: s.territories,
            fields: [],
          }
        : {
            change: 'updated' as const,
            row: s.row,
            username: s.existing.username,
            name: `${s.fields.firstname} ${s.fields.lastname}`,
            ident: s.existing.ident,
            territories: s.territories,
            fields: Object.keys(s.changes).map((k) => FIELD_NAMES[k] ?? k),
          },
    );
  return { dryRun, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), changes };
}

/** A hostess code nobody has and no row of this write takes: HST and six digits. */
async function freeIdent(db: Db, taken: Set<string>): Promise<string> {
  for (;;) {
    const ident = `HST${randomInt(100_000, 1_000_000)}`;
    if (!taken.has(ident) && !(await repo.identTaken(db, ident))) {
      taken.add(ident);
      return ident;
    }
  }
}

type Hashes = Map<string, string>;

/** The initial passwords of the rows that would create a promoter, hashed before any lock is held. */
async function hashesOf(steps: readonly PromoterStep[]): Promise<Hashes> {
  const hashes: Hashes = new Map();
  for (const s of steps) if (s.change === 'created' && !hashes.has(s.password)) hashes.set(s.password, await hashPassword(s.password));
  return hashes;
}

/** Writes the steps in the caller's transaction, each promoter's change with its audit entry; answers them with the codes made. */
async function write(trx: Db, deps: PromotersAdminDeps, { actor }: StaffCall, steps: PromoterStep[], hashes: Hashes, importId: string) {
  const taken = new Set(steps.flatMap((s) => (s.change === 'created' && s.ident !== null ? [s.ident] : [])));
  const written: PromoterStep[] = [];
  for (const step of steps) {
    if (step.change === 'updated') {
      await repo.updatePromoter(trx, step.existing.id, {
        firstname: step.fields.firstname,
        lastname: step.fields.lastname,
        mobile_phone: step.fields.mobile_phone,
      });
      if (step.territoryIds) await repo.replaceTerritories(trx, step.existing.id, step.territoryIds);
      const object = { type: 'promoter', id: step.existing.id } as const;
      await recordAudit(trx, deps.now(), { actor, verb: 'promoters.update', object, details: { import: importId, ...step.changes } });
    }
    if (step.change !== 'created') {
      written.push(step);
      continue;
    }
    const ident = step.ident ?? (await freeIdent(trx, taken));
    // A row that became new since the passwords were hashed (a login changed meanwhile): hashed here.
    const passwordHash = hashes.get(step.password) ?? (await hashPassword(step.password));
    const id = newId();
    await repo.insertPromoter(trx, {
      id,
      ident,
      username: step.username,
      password_hash: passwordHash,
      firstname: step.fields.firstname,
      lastname: step.fields.lastname,
      email_address: step.username,
      mobile_phone: step.fields.mobile_phone,
      created_at: deps.now().toISOString(),
    });
    await repo.replaceTerritories(trx, id, step.territoryIds);
    const details = { import: importId, username: step.username, ident, territories: step.territories };
    await recordAudit(trx, deps.now(), { actor, verb: 'promoters.create', object: { type: 'promoter', id }, details });
    written.push({ ...step, ident });
  }
  return written;
}

export async function importPromoters(
  deps: PromotersAdminDeps,
  call: StaffCall,
  file: Buffer,
  o: { dryRun: boolean },
): Promise<PromotersImportResponse> {
  const { db } = deps;
  const scope = call.staff.scope;
  const read = await readCsvTable(file, PROMOTERS_CSV);
  if (read.errors.length > 0) refuse(read.errors);
  const judged = promotersFromRows(read.rows);
  if (judged.errors.length > 0) refuse(judged.errors);
  const columns = new Set(read.columns);
  // Territories outside the transaction: a file naming unknown ones is refused without holding anything.
  const territories = await territoriesOf(db, scope, judged.promoters);
  const first = await compare(db, scope, judged.promoters, columns, territories);
  if (o.dryRun) return answerOf(first, true);
  const hashes = await hashesOf(first);

  const run = db.transaction().execute(async (trx) => {
    // After the promoters' import before it has committed (decision 106): logins are global.
    await lockNames(trx, 'promoters import', ['all']);
    const steps = await compare(trx, scope, judged.promoters, columns, territories);
    const answer = answerOf(steps, false);
    if (answer.created + answer.updated === 0) return answer;
    const importId = newId();
    const written = await write(trx, deps, call, steps, hashes, importId);
    await recordAudit(trx, deps.now(), {
      actor: call.actor,
      verb: 'promoters.import',
      object: { type: 'promoter_import', id: importId },
      details: importDetails(file, read.rows.length, answer),
    });
    return answerOf(written, false);
  });
  // A promoter created or given a login meanwhile by the page (which takes no import's lock): refused
  // whole; the same file again is compared with what is there now.
  return run.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('E_PROMOTER_CONFLICT') : error;
  });
}
