import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { parseRequestJson } from './json.ts';

const refusal = (text: string) => {
  try {
    parseRequestJson(text);
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
  return null;
};

describe('request bodies as JSON', () => {
  it('reads ordinary bodies, with and without escapes', () => {
    expect(parseRequestJson('{"a":{"b":[1,"x"]}}')).toEqual({ a: { b: [1, 'x'] } });
    expect(parseRequestJson('{"name":"Kraków \\"Rynek\\"\\n"}')).toEqual({ name: 'Kraków "Rynek"\n' });
  });

  it('refuses __proto__ keys and NUL characters however they are written', () => {
    for (const text of [
      '{"__proto__":{"admin":true}}',
      '{"a":{"\\u005f_proto__":1}}',
      '{"a":"x\\u0000"}',
      '{"a\\u0000":1}',
      '{"a":"x\u0000"}',
    ]) {
      expect(refusal(text), text).toBe('E_BAD_REQUEST');
    }
    // The word in a value is no key: only keys are refused.
    expect(parseRequestJson('{"note":"__proto__ is a word"}')).toEqual({ note: '__proto__ is a word' });
  });

  it('answers malformed JSON with a code on either path', () => {
    expect(refusal('{"a":')).toBe('E_BAD_REQUEST');
    expect(refusal('{"a":"\\x"}')).toBe('E_BAD_REQUEST');
  });
});
