import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActionResponse,
  CancelActionBody,
  CheckInBody,
  CheckOutBody,
  Empty,
  ListActionsBody,
  ListActionsResponse,
  RecentActionsResponse,
  SaveLocationBody,
  successEnvelope,
} from '@promotor/contract';
import { success } from '../../lib/envelope.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './actions.service.ts';

// spec §7 /action/list, /action/recent, /action/check-in, /action/check-out, /action/cancel, /action/location/save
export async function actionsRoutes(fastify: FastifyInstance, deps: service.ActionsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Reads change nothing: an Idempotency-Key on them is ignored, nothing is stored.
  app.post('/action/list', {
    config: { idempotency: false },
    schema: { body: ListActionsBody, response: { 200: successEnvelope(ListActionsResponse) } },
    handler: async (request) => success({ actions: await service.list(deps, callerOf(request), request.body) }, request.ts),
  });

  app.post('/action/recent', {
    config: { idempotency: false },
    schema: { response: { 200: successEnvelope(RecentActionsResponse) } },
    handler: async (request) => success({ action: await service.recent(deps, callerOf(request)) }, request.ts),
  });

  app.post('/action/check-in', {
    schema: { body: CheckInBody, response: { 200: successEnvelope(ActionResponse) } },
    handler: async (request) => success({ action: await service.checkIn(deps, callerOf(request), request.body) }, request.ts),
  });

  app.post('/action/check-out', {
    schema: { body: CheckOutBody, response: { 200: successEnvelope(ActionResponse) } },
    handler: async (request) => success({ action: await service.checkOut(deps, callerOf(request), request.body) }, request.ts),
  });

  app.post('/action/cancel', {
    schema: { body: CancelActionBody, response: { 200: successEnvelope(Empty) } },
    handler: async (request) => {
      await service.cancel(deps, callerOf(request), request.body);
      return success({}, request.ts);
    },
  });

  app.post('/action/location/save', {
    schema: { body: SaveLocationBody, response: { 200: successEnvelope(Empty) } },
    handler: async (request) => {
      await service.saveLocation(deps, callerOf(request), request.body);
      return success({}, request.ts);
    },
  });
}
