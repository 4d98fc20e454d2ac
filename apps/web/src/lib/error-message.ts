import * as pl from '../i18n/pl.ts';
import { ruleMessages } from '../i18n/pl.ts';
import { ApiError } from './api-client.ts';

const knownRuleMessages = new Set<string>(Object.values(ruleMessages));

/** A validation failure whose first field message is one of our Polish §5 messages says more than the code. */
function validationMessage(details: unknown): string | null {
  if (!Array.isArray(details)) return null;
  const first: unknown = details[0];
  const message = typeof first === 'object' && first !== null ? (first as { message?: unknown }).message : null;
  return typeof message === 'string' && knownRuleMessages.has(message) ? message : null;
}

/**
 * The Polish text a promoter sees for a failed call (spec §8): the mapped message of data.error when
 * known, else the raw code; a network failure or a non-API answer gets a generic message.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return pl.errors.generic;
  if (error.kind === 'network') return pl.errors.network;
  if (error.code === null) return pl.errors.generic;
  if (error.code === 'E_VALIDATION') return validationMessage(error.details) ?? pl.errors.codes.E_VALIDATION;
  return pl.errors.ofCode(error.code);
}
