import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as consents from './mgm-consents.service.ts';
import * as service from './mgm.service.ts';

// spec §7 /mgm/* (issue 12; decision 070); confirm-consumer is ours (decision 079).
export async function mgmRoutes(app: FastifyInstance, deps: service.MgmDeps) {
  apiRoute(app, 'mgmMaybeJoin', async (request) => service.maybeJoin(deps, callerOf(request)));
  apiRoute(app, 'mgmValidateConsumer', async (request) => service.validateConsumer(deps, callerOf(request), request.body));
  apiRoute(app, 'mgmUpdateConsumer', async (request) =>
    consents.updateConsumer(deps, callerOf(request), request.body, { log: request.log }),
  );
  apiRoute(app, 'mgmConfirmConsumer', async (request) => consents.confirmConsumer(deps, callerOf(request), request.body));
  apiRoute(app, 'mgmInviteConsumer', async (request) =>
    service.inviteConsumer(deps, callerOf(request), request.body, { log: request.log }),
  );
}
