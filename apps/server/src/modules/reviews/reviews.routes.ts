import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { callerOf } from '../../plugins/auth.ts';
import { sendStoredImage, sendThumbnail } from '../../plugins/uploads.ts';
import { explainFlag } from './report-flags.ts';
import * as service from './reviews.service.ts';

// /api/admin/reports/* (issue 25, decision 090): the permission of each is the route table's, checked
// by the one guard; and her /action/report/resubmit and /action/report/to-fix.
export async function reviewsRoutes(app: FastifyInstance, deps: service.ReviewsDeps) {
  apiRoute(app, 'adminReportsList', async (request) => service.list(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminReportsGet', async (request) => service.get(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminReportsReview', async (request) => service.review(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminReportsApproveMany', async (request) => service.approveMany(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminReportsExplainFlag', async (request) => explainFlag(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminReportsFlagPhoto', async (request) => service.flagPhoto(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminReportsFile', async (request, reply) =>
    sendStoredImage(reply, await service.photo(deps, staffCallOf(request), request.body.file.uuid)),
  );
  apiRoute(app, 'adminReportsReceipt', async (request, reply) =>
    sendStoredImage(reply, await service.receipt(deps, staffCallOf(request), request.body.receipt.uuid)),
  );
  apiRoute(app, 'adminReportsFileThumbnail', async (request, reply) =>
    sendThumbnail(reply, await service.photoThumbnail(deps, staffCallOf(request), request.body.file.uuid)),
  );
  apiRoute(app, 'adminReportsReceiptThumbnail', async (request, reply) =>
    sendThumbnail(reply, await service.receiptThumbnail(deps, staffCallOf(request), request.body.receipt.uuid)),
  );
  apiRoute(app, 'actionReportResubmit', async (request) => service.resubmit(deps, callerOf(request), request.body.action.uuid));
  apiRoute(app, 'actionReportsToFix', async (request) => service.reportsToFix(deps, callerOf(request)));
}
