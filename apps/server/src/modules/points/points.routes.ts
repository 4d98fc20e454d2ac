import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PointsImportFields, UPLOAD_MAX_FILE_BYTES } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { multipartUploads, readFormUpload, UPLOAD_BODY_LIMIT_BYTES } from '../../plugins/uploads.ts';
import { importPoints } from './points-import.service.ts';
import * as service from './points.service.ts';

// /api/admin/points/* (issue 34): the permission of each is the route table's (actions.plan), checked by
// the one guard in plugins/auth.ts before the handler; the scope it computed limits every query.

const callerOf = (request: FastifyRequest): service.PointsCaller => {
  const { staff, actor } = staffCallOf(request);
  return { scope: staff.scope, actor };
};

export async function pointsRoutes(app: FastifyInstance, deps: service.PointsDeps) {
  await app.register(multipartUploads);
  apiRoute(app, 'adminPointsList', async (request) => service.listPoints(deps, callerOf(request), request.body));
  apiRoute(app, 'adminPointsCreate', async (request) => service.createPoint(deps, callerOf(request), request.body));
  apiRoute(app, 'adminPointsUpdate', async (request) => service.updatePoint(deps, callerOf(request), request.body));
  apiRoute(app, 'adminPointsArchive', async (request) => service.archivePoint(deps, callerOf(request), request.body));
  apiRoute(
    app,
    'adminPointsImport',
    async (request) => {
      const { fields, file } = readFormUpload(request, PointsImportFields, { maxFileBytes: UPLOAD_MAX_FILE_BYTES });
      return importPoints(deps, callerOf(request), file, { dryRun: fields.dryRun === 'true' });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );
}
