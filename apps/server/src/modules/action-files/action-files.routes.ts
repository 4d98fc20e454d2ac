import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  FileCreateResponse,
  FileListBody,
  FileListResponse,
  FileServeBody,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  successEnvelope,
} from '@promotor/contract';
import { success } from '../../lib/envelope.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './action-files.service.ts';

// What @fastify/multipart's keyValues mode leaves in the body: strings for fields, Buffers for files.
const MultipartBody = z.object({
  _input: z.unknown(),
  'files[]': z.union([z.instanceof(Buffer), z.array(z.instanceof(Buffer))]).optional(),
});

// spec §7 /action/file/create, /action/file/list, /action/file/serve
export async function actionFilesRoutes(fastify: FastifyInstance, deps: service.ActionFilesDeps) {
  await fastify.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: 4, parts: UPLOAD_MAX_FILES + 4, fieldSize: 64 * 1024 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/action/file/create', {
    bodyLimit: UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + 1024 * 1024,
    schema: { body: MultipartBody, response: { 200: successEnvelope(FileCreateResponse) } },
    handler: async (request) => {
      const input = service.parseInput(request.body._input);
      const raw = request.body['files[]'];
      const files = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      return success({ files: await service.create(deps, callerOf(request), input, files) }, request.ts);
    },
  });

  app.post('/action/file/list', {
    config: { idempotency: false },
    schema: { body: FileListBody, response: { 200: successEnvelope(FileListResponse) } },
    handler: async (request) => success(await service.list(deps, callerOf(request), request.body.action.uuid), request.ts),
  });

  app.post('/action/file/serve', {
    config: { idempotency: false },
    schema: { body: FileServeBody },
    handler: async (request, reply) => {
      const file = await service.serve(deps, callerOf(request), request.body.file.uuid);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });
}
