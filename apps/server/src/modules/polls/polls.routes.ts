import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { ActionsDeps } from '../actions/actions.service.ts';
import * as service from './polls.service.ts';

// spec §7 /poll/answer
export async function pollsRoutes(app: FastifyInstance, deps: ActionsDeps) {
  apiRoute(app, 'pollAnswer', async (request) => {
    await service.answer(deps, callerOf(request), request.body);
    return {};
  });
}
