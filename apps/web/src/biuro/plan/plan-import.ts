import { adminUpload } from '../api/admin-api.ts';
import type { ImportAnswer, ImportRowError } from '../api/admin-types.ts';
import { rowErrorsOf } from '../lib/csv-import.ts';

// /api/admin/actions/import (issue 24, decision 087): the CSV in `file`, `dryRun` 'true' to be told
// what would change with nothing written. All or nothing: a bad row → 422 with data.errors by row.

export type ImportOutcome = { kind: 'changes'; answer: ImportAnswer } | { kind: 'errors'; errors: ImportRowError[] };

/** What the coordinator confirmed of the dry run's lists (decision 113; the events a file names exist, decision 123). */
export type ImportConfirm = { past: boolean; conflicts: boolean };

/** Which confirmations the dry run's answer asks for. */
export const confirmationsNeeded = (answer: ImportAnswer): ImportConfirm => ({
  past: answer.pastCount > 0,
  conflicts: answer.conflictCount > 0,
});

export async function importPlan(
  file: File,
  dryRun: boolean,
  idempotencyKey: string,
  confirm: ImportConfirm = { past: false, conflicts: false },
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('dryRun', dryRun ? 'true' : 'false');
  form.append('confirmPast', String(confirm.past));
  form.append('confirmConflicts', String(confirm.conflicts));
  form.append('file', file, file.name);
  try {
    return { kind: 'changes', answer: await adminUpload<ImportAnswer>('/admin/actions/import', form, { idempotencyKey }) };
  } catch (error) {
    const errors = rowErrorsOf(error);
    if (errors) return { kind: 'errors', errors };
    throw error;
  }
}
