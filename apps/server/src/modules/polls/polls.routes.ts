import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Empty, PollAnswerBody, successEnvelope } from '@promotor/contract';
import { success } from '../../lib/envelope.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { ActionsDeps } from '../actions/actions.service.ts';
import * as service from './polls.service.ts';

// spec §7 /poll/answer
export async function pollsRoutes(fastify: FastifyInstance, deps: ActionsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/poll/answer', {
    schema: { body: PollAnswerBody, response: { 200: successEnvelope(Empty) } },
    handler: async (request) => {
      await service.answer(deps, callerOf(request), request.body);
      return success({}, request.ts);
    },
  });
}
