import type { FastifyInstance } from 'fastify';
import { routeSchemas } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { UPLOAD_BODY_LIMIT_BYTES, multipartUploads, readUpload, sendStoredImage } from '../../plugins/uploads.ts';
import * as service from './receipts.service.ts';

// spec §7 /action/receipt/create, /action/receipt/list, /action/receipt/serve
export async function receiptsRoutes(app: FastifyInstance, deps: service.ReceiptsDeps) {
  await app.register(multipartUploads);

  apiRoute(
    app,
    'actionReceiptCreate',
    async (request) => {
      const { input, files } = readUpload(request, routeSchemas.actionReceiptCreate.body, service.uploadRules);
      return { receipt: await service.create(deps, callerOf(request), input, files[0]!) };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );

  apiRoute(app, 'actionReceiptList', async (request) => ({ receipts: await service.list(deps, callerOf(request), request.body) }));

  apiRoute(app, 'actionReceiptServe', async (request, reply) => {
    return sendStoredImage(reply, await service.serve(deps, callerOf(request), request.body.receipt.uuid));
  });
}
