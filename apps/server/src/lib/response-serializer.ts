import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * fast-json-stringify takes JSON Schema draft 7 and chooses an `anyOf` branch by validating the value
 * with ajv, which is slow; zod writes every nullable field as `anyOf: [schema, {type: 'null'}]`. Such a
 * pair becomes the schema itself with `nullable`, which fast-json-stringify writes without ajv.
 */
function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullable(value)])) as JsonSchema;
  const branches = node.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = node;
      return { ...rest, ...other, nullable: true };
    }
  }
  return node;
}

/** The JSON Schema the writer of an answer schema is compiled from. */
export function writerSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return withNullable(json) as JsonSchema;
}

/** A compiled writer of one answer schema: only the properties the contract declares go out. */
export function compileWriter(schema: z.ZodType): (data: unknown) => string {
  return fastJson(writerSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
}

export class ResponseContractError extends Error {
  constructor(route: string, cause: unknown) {
    super(`${route}: the answer breaks the contract`, { cause });
  }
}

/**
 * The serializer of every answer with a response schema (issue 8). The server builds its answers
 * itself, typed by the contract, so in production they are written by a writer compiled from the
 * contract's schema (fast-json-stringify: about ten times cheaper than zod's parse and JSON.stringify,
 * and it still writes only declared properties, so a stray column never leaks). In development and in
 * every test the answer is also checked by zod, and the writer's output must equal zod's: a test
 * that reaches a route proves both that the answer keeps the contract and that the fast writer agrees.
 * docs/decisions/052-response-serialization.md
 */
export function responseSerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const write = compileWriter(schema);
    if (!checked) return write;
    const route = `${method} ${url}`;
    return (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ResponseContractError(route, parsed.error);
      const text = write(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new ResponseContractError(route, new Error(`the fast writer wrote ${text}`));
      }
      return text;
    };
  };
}

/**
 * The serializer of a large answer built property by property to the contract's shape (the live day's,
 * about 1 MB, decision 096): V8's JSON.stringify, which writes one flat string, where the compiled
 * writer's hundred thousand pieces cost more to join and encode than the writing itself. It writes
 * every property it is given, so outside production (`checked`) the answer is parsed by zod as every
 * answer is and its text must equal zod's, which keeps only declared properties: a stray property
 * fails every test that reaches the route. For a route's `serializerCompiler`.
 */
export function plainSerializerCompiler(checked: boolean): FastifySerializerCompiler<FastifySchema> {
  return ({ schema, method, url }) => {
    if (!checked) return (data) => JSON.stringify(data);
    const route = `${method} ${url}`;
    // A route's own compiler is typed with Fastify's schema; the route table's are zod's (lib/api-route.ts).
    const contract = schema as unknown as z.ZodType;
    return (data) => {
      const parsed = contract.safeParse(data);
      if (!parsed.success) throw new ResponseContractError(route, parsed.error);
      const text = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new ResponseContractError(route, new Error(`JSON.stringify wrote ${text}`));
      }
      return text;
    };
  };
}
