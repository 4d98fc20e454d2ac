import { ApiError } from '../../lib/api-client.ts';
import * as pl from '../../i18n/pl.ts';

/** The Polish words for a failed call (the server's code read from the catalogue, spec §8). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return pl.biuro.errors.generic;
  if (error.kind === 'network') return pl.biuro.errors.network;
  if (error.code === 'E_FORBIDDEN') return pl.biuro.errors.forbidden;
  return error.code ? pl.errors.ofCode(error.code) : pl.biuro.errors.generic;
}
