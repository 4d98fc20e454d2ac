import { ApiError } from '../../lib/api-client.ts';
import { adminUpload } from '../api/admin-api.ts';
import type { ImportRowError } from '../api/admin-types.ts';

// A back-office CSV import as the plan's (decision 087) and the register's (decision 124): the file in
// `file`, `dryRun` 'true' to be told what would change with nothing written. All or nothing: a bad row
// → 422 with data.errors by row and column, shown as such.

export type CsvImportOutcome<A> = { kind: 'changes'; answer: A } | { kind: 'errors'; errors: ImportRowError[] };

export async function sendCsvImport<A>(path: string, file: File, dryRun: boolean, idempotencyKey: string): Promise<CsvImportOutcome<A>> {
  const form = new FormData();
  form.append('dryRun', dryRun ? 'true' : 'false');
  form.append('file', file, file.name);
  try {
    return { kind: 'changes', answer: await adminUpload<A>(path, form, { idempotencyKey }) };
  } catch (error) {
    const errors = rowErrorsOf(error);
    if (errors) return { kind: 'errors', errors };
    throw error;
  }
}

/** The rows a refused import names, or null when the refusal is not about the file's rows. */
export function rowErrorsOf(error: unknown): ImportRowError[] | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 422) return null;
  const errors = (error.details as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return null;
  return errors.filter((e): e is ImportRowError => typeof e === 'object' && e !== null && typeof (e as ImportRowError).row === 'number');
}
