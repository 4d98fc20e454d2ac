import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateTimeString, routeSchemas, successEnvelope } from '@promotor/contract';
import {
  compileWriter,
  plainSerializerCompiler,
  ResponseContractError,
  responseSerializerCompiler,
  writerSchema,
} from './response-serializer.ts';

const Answer = z.object({
  user: z.object({ uuid: z.string(), name: z.string() }),
  status: z.enum(['started', 'finished']).nullable(),
  point: z.object({ uuid: z.string() }).nullable(),
  since: DateTimeString,
  note: z.string().optional(),
  count: z.number().int(),
});
const valid = {
  user: { uuid: 'u-1', name: 'Anna' },
  status: null,
  point: { uuid: 'p-1' },
  since: '2026-11-23 10:00:00',
  count: 3,
};
const compile = (checked: boolean) =>
  responseSerializerCompiler(checked)({ schema: Answer, method: 'POST', url: '/api/x', httpStatus: '200' });

describe('answers written from the contract', () => {
  it('writes only what the contract declares: a column the handler passed along never leaves the server', () => {
    const withSecret = { ...valid, password_hash: '$argon2id$…', user: { ...valid.user, token_hash: 'abc' } };
    for (const write of [compile(false), compile(true)]) {
      const sent = JSON.parse(write(withSecret)) as Record<string, unknown>;
      expect(sent).toEqual(valid);
      expect(JSON.stringify(sent)).not.toContain('argon2');
    }
  });

  it('writes nullable values, present or null, and leaves out an absent optional one', () => {
    const write = compile(false);
    expect(JSON.parse(write({ ...valid, status: 'started', point: null, note: 'x' }))).toEqual({
      ...valid,
      status: 'started',
      point: null,
      note: 'x',
    });
    expect(write(valid)).not.toContain('note');
  });

  it('outside production an answer that breaks the contract is refused, not sent', () => {
    const write = compile(true);
    expect(() => write({ ...valid, since: '2026-02-31 10:00:00' })).toThrow(ResponseContractError);
    expect(() => write({ ...valid, status: 'paused' })).toThrow(ResponseContractError);
    expect(() => write({ ...valid, user: undefined })).toThrow(ResponseContractError);
  });

  it('in production a missing required field still fails instead of sending half an answer', () => {
    expect(() => compile(false)({ ...valid, user: undefined })).toThrow();
  });

  it('every answer schema of the route table compiles to a writer', () => {
    const withAnswers = Object.entries(routeSchemas).filter(([, route]) => 'response' in route && route.response);
    expect(withAnswers.length).toBeGreaterThan(5);
    for (const [, route] of withAnswers) {
      const { response, meta } = route as { response: z.ZodType; meta?: z.ZodType };
      expect(() => compileWriter(successEnvelope(response, meta))).not.toThrow();
    }
  });

  it('every answer schema is one the writer writes exactly as zod would: closed objects, no unions, nothing open', () => {
    // fast-json-stringify coerces where zod refuses and picks union branches with ajv: an open object,
    // a union or an "anything" in an answer would make production differ from the tests.
    const problems: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (Object.keys(schema).length === 0) problems.push(`${at}: any value`);
      for (const union of ['anyOf', 'oneOf', 'allOf']) if (union in schema) problems.push(`${at}: ${union}`);
      if (schema.type === 'object' && schema.additionalProperties !== false) problems.push(`${at}: open object`);
      for (const [key, value] of Object.entries(schema)) {
        if (key === 'properties') for (const [name, child] of Object.entries(value as object)) walk(child, `${at}.${name}`);
        else if (key === 'items') walk(value, `${at}[]`);
      }
    };
    for (const [name, route] of Object.entries(routeSchemas)) {
      const { response, meta } = route as { response?: z.ZodType; meta?: z.ZodType };
      if (response) walk(writerSchema(successEnvelope(response, meta)), name);
    }
    expect(problems).toEqual([]);
  });

  it('the plain writer (a large answer built to the contract) writes what it is given, and every checked run refuses a stray property', () => {
    const plain = (checked: boolean) =>
      plainSerializerCompiler(checked)({ schema: Answer, method: 'POST', url: '/api/x', httpStatus: '200' });
    expect(JSON.parse(plain(true)(valid))).toEqual(valid);
    expect(plain(false)(valid)).toBe(JSON.stringify(valid));
    const withSecret = { ...valid, user: { ...valid.user, token_hash: 'abc' } };
    expect(() => plain(true)(withSecret)).toThrow(ResponseContractError);
    expect(() => plain(true)({ ...valid, count: 'trzy' })).toThrow(ResponseContractError);
  });
});
