import { AppError } from './app-error.ts';

/**
 * JSON.parse for request bodies, refusing what no client of ours sends and what breaks storage:
 * NUL characters (PostgreSQL cannot store them in text) and `__proto__` keys.
 */
export function parseRequestJson(text: string): unknown {
  let refused = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__' || key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) refused = true;
      return value;
    });
  } catch {
    throw new AppError('E_BAD_REQUEST', [{ path: '', message: 'malformed JSON' }]);
  }
  if (refused) throw new AppError('E_BAD_REQUEST', [{ path: '', message: 'NUL characters and __proto__ keys are not accepted' }]);
  return parsed;
}
