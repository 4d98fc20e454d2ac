import type { FastifyInstance } from 'fastify';
import { PromotersImportFields, UPLOAD_MAX_FILE_BYTES } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { multipartUploads, readFormUpload, UPLOAD_BODY_LIMIT_BYTES } from '../../plugins/uploads.ts';
import * as service from './promoters-admin.service.ts';
import { importPromoters } from './promoters-import.service.ts';

// /api/admin/promoters/*: the permission of each is the route table's, checked by the one guard.
export async function promotersAdminRoutes(app: FastifyInstance, deps: service.PromotersAdminDeps) {
  await app.register(multipartUploads);
  apiRoute(app, 'adminPromotersList', async (request) => service.list(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersCreate', async (request) => service.create(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersUpdate', async (request) => service.update(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersDeactivate', async (request) => service.deactivate(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersResetPassword', async (request) => service.resetPassword(deps, staffCallOf(request), request.body));
  apiRoute(
    app,
    'adminPromotersImport',
    async (request) => {
      const { fields, file } = readFormUpload(request, PromotersImportFields, { maxFileBytes: UPLOAD_MAX_FILE_BYTES });
      return importPromoters(deps, staffCallOf(request), file, { dryRun: fields.dryRun === 'true' });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );
}
