import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PlanImportFields, UPLOAD_MAX_FILE_BYTES } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { staffActor } from '../../plugins/audit-trail.ts';
import { staffOf } from '../../plugins/auth.ts';
import { multipartUploads, readFormUpload, UPLOAD_BODY_LIMIT_BYTES } from '../../plugins/uploads.ts';
import { copyActions } from './action-copy.service.ts';
import { importPlan } from './plan-import.service.ts';
import { assignPromoters, unassignPromoters } from './planning-assign.service.ts';
import { openActions, promoterSchedules } from './planning-schedule.service.ts';
import * as service from './planning.service.ts';
import type { PlanningCaller, PlanningDeps } from './planning.types.ts';

// /api/admin/actions/* (issue 24). The permission of each call is the route table's, checked by the one
// guard in plugins/auth.ts before the handler; the scope it computed limits every query.

const callerOf = (request: FastifyRequest): PlanningCaller => {
  const staff = staffOf(request);
  return { scope: staff.scope, actor: staffActor(staff, request) };
};

export async function planningRoutes(app: FastifyInstance, deps: PlanningDeps) {
  await app.register(multipartUploads);
  apiRoute(app, 'adminActionsList', async (request) => service.listActions(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsCreate', async (request) => service.createAction(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsUpdate', async (request) => service.updateAction(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsCancel', async (request) => service.cancelAction(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsAssign', async (request) => assignPromoters(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsUnassign', async (request) => unassignPromoters(deps, callerOf(request), request.body));
  apiRoute(
    app,
    'adminActionsImport',
    async (request) => {
      const { fields, file } = readFormUpload(request, PlanImportFields, { maxFileBytes: UPLOAD_MAX_FILE_BYTES });
      return importPlan(deps, callerOf(request), file, {
        dryRun: fields.dryRun === 'true',
        confirm: {
          past: fields.confirmPast === 'true',
          conflicts: fields.confirmConflicts === 'true',
        },
      });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );
  // issue 34: scheduling (decisions 126, 127)
  apiRoute(app, 'adminActionsSchedules', async (request) => promoterSchedules(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsOpen', async (request) => openActions(deps, callerOf(request), request.body));
  apiRoute(app, 'adminActionsCopy', async (request) => copyActions(deps, callerOf(request), request.body));
}
