import { AppError } from './app-error.ts';

/**
 * JSON.parse for request bodies, refusing what no client of ours sends and what breaks storage:
 * NUL characters (PostgreSQL cannot store them in text) and `__proto__` keys.
 */
export function parseRequestJson(text: string): unknown {
  // Without a backslash the text holds no escapes, so a refused key or character would appear as it
  // is: two searches are much cheaper than a reviver called for every value (issue 8).
  if (!text.includes('\\')) {
    if (text.includes('__proto__') || text.includes('\0')) return parseWithReviver(text);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw malformed();
    }
  }
  return parseWithReviver(text);
}

const malformed = () => new AppError('E_BAD_REQUEST', [{ path: '', message: 'malformed JSON' }]);

function parseWithReviver(text: string): unknown {
  let refused = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__' || key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) refused = true;
      return value;
    });
  } catch {
    throw malformed();
  }
  if (refused) throw new AppError('E_BAD_REQUEST', [{ path: '', message: 'NUL characters and __proto__ keys are not accepted' }]);
  return parsed;
}
