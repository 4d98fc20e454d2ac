import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import * as service from './subject-requests.service.ts';

// /api/admin/consumers/requests/* (issue 26, decision 098): the privacy role's alone, by the route
// table's permissions (consumers.read, consumers.manage) checked by the one guard.
export async function subjectRequestsRoutes(app: FastifyInstance, deps: service.SubjectRequestsDeps) {
  apiRoute(app, 'adminConsumerRequestsCreate', async (request) => service.create(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminConsumerRequestsList', async (request) => service.list(deps, request.body));
  apiRoute(app, 'adminConsumerRequestsExtend', async (request) => service.extend(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminConsumerRequestsComplete', async (request) =>
    service.complete(deps, staffCallOf(request), request.body, request.log),
  );
}
