import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminVoucherImportFields } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { staffActor } from '../../plugins/audit-trail.ts';
import { staffOf } from '../../plugins/auth.ts';
import { multipartUploads, readFormUpload, UPLOAD_BODY_LIMIT_BYTES } from '../../plugins/uploads.ts';
import * as service from './vouchers-admin.service.ts';

// /api/admin/vouchers/batches and /import (issue 24); each call's permission is the route table's.

const callerOf = (request: FastifyRequest): service.VouchersAdminCaller => {
  const staff = staffOf(request);
  return { scope: staff.scope, actor: staffActor(staff, request) };
};

export async function vouchersAdminRoutes(app: FastifyInstance, deps: service.VouchersAdminDeps) {
  await app.register(multipartUploads);
  apiRoute(app, 'adminVouchersBatches', async (request) => service.voucherBatches(deps, callerOf(request), request.body));
  apiRoute(
    app,
    'adminVouchersImport',
    async (request) => {
      const { fields, file } = readFormUpload(request, AdminVoucherImportFields);
      return service.importVouchers(deps, callerOf(request), { eventIdent: fields.event, batchIdent: fields.batch, file });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );
}
