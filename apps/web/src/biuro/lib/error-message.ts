import { ApiError } from '../../lib/api-client.ts';
import * as pl from '../../i18n/pl.ts';

/** The Polish words for a failed call (the server's code read from the catalogue, spec §8). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return pl.biuro.errors.generic;
  if (error.kind === 'network') return pl.biuro.errors.network;
  if (error.code === 'E_FORBIDDEN') return pl.biuro.errors.forbidden;
  return error.code ? pl.errors.ofCode(error.code) : pl.biuro.errors.generic;
}

/**
 * The server's messages of a refused body (E_VALIDATION: `{ path, message }` per field, e.g.
 * 'body.promoter.mobilePhone'), by the field's name under `prefix`; the contract writes them in Polish.
 */
export function fieldErrorsOf(error: unknown, prefix: string): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'E_VALIDATION' || !Array.isArray(error.details)) return {};
  const found: Record<string, string> = {};
  for (const issue of error.details as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string' || !issue.path.startsWith(prefix)) continue;
    const field = issue.path.slice(prefix.length).split('.')[0];
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}
