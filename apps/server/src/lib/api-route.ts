import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { routeDefinition, successEnvelope, type RouteData, type RouteName, type Routes, routePaths } from '@promotor/contract';
import { AppError } from './app-error.ts';
import { success } from './envelope.ts';

type Kind<N extends RouteName> = (typeof routePaths)[N]['kind'];

/** The parsed JSON body; a multipart or form call's body is read by plugins/uploads.ts (readUpload, readFormUpload). */
type RequestBody<N extends RouteName> =
  Kind<N> extends 'multipart' | 'form' | 'csv' ? unknown : Routes[N] extends { body: z.ZodType } ? z.output<Routes[N]['body']> : undefined;

/** A csv call's fields: its body schema, parsed from the query string. */
type RequestQuery<N extends RouteName> =
  Kind<N> extends 'csv' ? (Routes[N] extends { body: z.ZodType } ? z.output<Routes[N]['body']> : undefined) : unknown;

export type ApiRequest<N extends RouteName> = FastifyRequest<{ Body: RequestBody<N>; Querystring: RequestQuery<N> }>;

/** What a route's meta carries beside ts, for a route whose table entry has its own `meta`. */
type MetaExtra<N extends RouteName> = Routes[N] extends { meta: z.ZodType } ? Omit<z.output<Routes[N]['meta']>, 'ts'> : never;

/**
 * What a handler returns: `data` of the success envelope (the helper wraps it with meta.ts), or
 * `{ data, meta }` for a route with its own meta (the helper adds ts), or for a binary or csv call the
 * reply it has sent itself.
 */
type Answer<N extends RouteName> =
  Kind<N> extends 'binary' | 'csv'
    ? FastifyReply
    : Routes[N] extends { meta: z.ZodType }
      ? { data: RouteData<N>; meta: MetaExtra<N> }
      : RouteData<N>;

/**
 * A csv call's query string holds no NUL, as a JSON body holds none (lib/json.ts): PostgreSQL can
 * neither store nor compare it, and the export would fail after its first byte, not as a 400.
 */
function refuseNulInQuery(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const key = Object.keys(query).find((k) => {
    const value = query[k];
    return k.includes('\0') || (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v.includes('\0'));
  });
  done(key === undefined ? undefined : new AppError('E_VALIDATION', [{ path: `querystring.${key}`, message: 'NUL character' }]));
}

/** Per-route extras beside what the table decides: rate limits, preHandler, bodyLimit. */
type Extras = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers one call of the contract's route table (packages/contract/src/api): its path, whether it
 * is public or keeps Idempotency-Key records, its body schema and its success envelope all come from
 * the table, so a path is written once and the OpenAPI document (lib/openapi.ts) describes what runs.
 * Register it inside the '/api' prefix (app.ts).
 */
export function apiRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: (request: ApiRequest<N>, reply: FastifyReply) => Promise<Answer<N>>,
  extras: Extras = {},
): void {
  const route = routeDefinition(name);
  // A multipart call without the multipart parser would answer 415 to every upload.
  const multipart = route.kind === 'multipart' || route.kind === 'form';
  if (multipart && !app.hasContentTypeParser('multipart/form-data')) {
    throw new Error(`${name}: register plugins/uploads.ts (multipartUploads) in this scope first`);
  }
  const body = multipart ? undefined : route.body;
  // A csv call is a GET (a link the browser downloads): its body schema validates the query string,
  // and a bad one is the same 400 envelope (JSON) as a bad body, before anything is streamed.
  const csv = route.kind === 'csv';
  app.route({
    ...extras,
    method: csv ? 'GET' : 'POST',
    url: route.path,
    // No HEAD twin: it would run the export (and write its audit entry) to send nothing.
    ...(csv ? { exposeHeadRoute: false, preValidation: refuseNulInQuery } : {}),
    config: {
      ...extras.config,
      ...(route.public ? { public: true } : {}),
      // The back office's one permission guard reads it (plugins/auth.ts, decision 085).
      ...(route.permission ? { permission: route.permission } : {}),
      idempotency: route.idempotent,
    },
    schema: {
      ...(body ? (csv ? { querystring: body } : { body }) : {}),
      // The route's meta schema too: the fast writer writes only what the envelope declares (decision 052).
      ...(route.response ? { response: { 200: successEnvelope(route.response, route.meta) } } : {}),
    },
    handler: async (request, reply) => {
      const answer = await handler(request as ApiRequest<N>, reply);
      if (route.kind === 'binary' || csv) return answer;
      if (route.meta) {
        const { data, meta } = answer as { data: unknown; meta: Record<string, unknown> };
        return success(data, request.ts, meta);
      }
      return success(answer, request.ts);
    },
  });
}
