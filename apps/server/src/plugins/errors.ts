import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_STATUS, isErrorCode, type ErrorCode, type FieldIssue } from '@promotor/contract';
import { AppError } from '../lib/app-error.ts';
import { failure } from '../lib/envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** meta.ts of this request's answer: what a user quotes to support, logged with the request id. */
    ts: string;
    /** True from preParsing until the handler's preHandler: a failure then is a malformed body. */
    readingBody: boolean;
  }
}

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldIssues(validation: ValidationIssue[], context: string | undefined): FieldIssue[] {
  return validation.map((v) => {
    const fromIssue = v.params?.issue?.path?.map(String).join('.');
    const fromPointer = v.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const field = fromIssue || fromPointer || '';
    return { path: [context, field].filter(Boolean).join('.'), message: v.message ?? 'invalid' };
  });
}

/** Turns anything thrown into a code of the contract; never lets internals through. */
function classify(
  error: FastifyError & { validation?: ValidationIssue[]; validationContext?: string },
  readingBody: boolean,
): {
  code: ErrorCode;
  details?: unknown;
  data?: Record<string, unknown>;
} {
  if (error instanceof AppError) return { code: error.code, details: error.details, data: error.data };
  if (Array.isArray(error.validation)) {
    return { code: 'E_VALIDATION', details: fieldIssues(error.validation, error.validationContext) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'E_UNSUPPORTED_MEDIA_TYPE' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { code: 'E_PAYLOAD_TOO_LARGE' };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { code: 'E_FILE_TOO_LARGE' };
    case 'FST_FILES_LIMIT':
      return { code: 'E_TOO_MANY_FILES' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'E_UNSUPPORTED_MEDIA_TYPE' };
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return { code: 'E_BAD_REQUEST' };
  }
  const status = error.statusCode ?? 500;
  // The body parser (multipart's busboy: no boundary, truncated data…) throws plain errors.
  if (readingBody && status >= 500) return { code: 'E_BAD_REQUEST' };
  if (status === 429) return { code: 'E_TOO_MANY_REQUESTS' };
  if (status === 404) return { code: 'E_NOT_FOUND' };
  if (status === 413) return { code: 'E_PAYLOAD_TOO_LARGE' };
  if (status === 415) return { code: 'E_UNSUPPORTED_MEDIA_TYPE' };
  if (status >= 400 && status < 500) return { code: 'E_BAD_REQUEST' };
  return { code: 'E_INTERNAL' };
}

export function sendError(reply: FastifyReply, code: ErrorCode, details?: unknown, data?: Record<string, unknown>): FastifyReply {
  return reply
    .code(ERROR_STATUS[code])
    .type('application/json')
    .send(failure(code, reply.request.ts, details, data));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('ts', '');
  app.decorateRequest('readingBody', false);
  app.addHook('onRequest', async (request) => {
    request.ts = new Date().toISOString();
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    request.readingBody = true;
    return payload;
  });
  app.addHook('preHandler', async (request) => {
    request.readingBody = false;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, details, data } = classify(error, request.readingBody);
    if (ERROR_STATUS[code] >= 500) {
      request.log.error({ err: error, ts: request.ts }, 'request failed');
    } else {
      request.log.info({ code, ts: request.ts }, 'request refused');
    }
    return sendError(reply, isErrorCode(code) ? code : 'E_INTERNAL', details, data);
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    request.log.info(
      {
        ts: request.ts,
        method: request.method,
        url: request.url.split('?')[0],
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
});
