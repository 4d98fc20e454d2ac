import { ApiError } from '../../lib/api-client.ts';
import * as pl from '../../i18n/pl.ts';
import { PROMOTER_REFUSED_CODES } from '../api/admin-types.ts';

/** What the login page says when the server refuses a login: a promoter is sent to her app. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return pl.biuro.errors.generic;
  if (error.kind === 'network') return pl.biuro.errors.network;
  const code = error.code;
  if (!code) return pl.biuro.errors.generic;
  if (PROMOTER_REFUSED_CODES.includes(code)) return pl.biuro.login.promoterRefused;
  // An unknown username and a wrong password are one answer at this door (decision 107).
  if (code === 'E_WRONG_CREDENTIALS') return pl.biuro.login.wrongCredentials;
  return pl.errors.ofCode(code);
}
