import type { FastifyInstance } from 'fastify';
import { routeSchemas } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { UPLOAD_BODY_LIMIT_BYTES, multipartUploads, readUpload, sendStoredImage } from '../../plugins/uploads.ts';
import * as service from './action-files.service.ts';

// spec §7 /action/file/create, /action/file/list, /action/file/serve
export async function actionFilesRoutes(app: FastifyInstance, deps: service.ActionFilesDeps) {
  await app.register(multipartUploads);

  apiRoute(
    app,
    'actionFileCreate',
    async (request) => {
      const { input, files } = readUpload(request, routeSchemas.actionFileCreate.body, service.uploadRules);
      return { files: await service.create(deps, callerOf(request), input, files) };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );

  apiRoute(app, 'actionFileList', async (request) => service.list(deps, callerOf(request), request.body.action.uuid));

  apiRoute(app, 'actionFileServe', async (request, reply) => {
    return sendStoredImage(reply, await service.serve(deps, callerOf(request), request.body.file.uuid));
  });
}
