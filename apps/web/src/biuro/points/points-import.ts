import { adminUpload } from '../api/admin-api.ts';
import type { ImportRowError, PointsImportAnswer } from '../api/admin-types.ts';
import { rowErrorsOf } from '../plan/plan-import.ts';

// /api/admin/points/import (issue 34, decision 124): the CSV in `file`, `dryRun` 'true' to be told what
// would change with nothing written. All or nothing: a bad row → 422 with data.errors by row, as the plan's.

export type PointsImportOutcome = { kind: 'changes'; answer: PointsImportAnswer } | { kind: 'errors'; errors: ImportRowError[] };

export async function importPoints(file: File, dryRun: boolean, idempotencyKey: string): Promise<PointsImportOutcome> {
  const form = new FormData();
  form.append('dryRun', dryRun ? 'true' : 'false');
  form.append('file', file, file.name);
  try {
    return { kind: 'changes', answer: await adminUpload<PointsImportAnswer>('/admin/points/import', form, { idempotencyKey }) };
  } catch (error) {
    const errors = rowErrorsOf(error);
    if (errors) return { kind: 'errors', errors };
    throw error;
  }
}
