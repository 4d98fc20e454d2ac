import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './push.service.ts';

/**
 * /notifications/shown per address and minute: far above what phones behind one carrier's address
 * report after a plan import, and a bound on writes from anyone; the receipt itself cannot be guessed.
 */
export const SHOWN_LIMIT_PER_IP_PER_MINUTE = 600;

// /push/key, /push/subscribe, /push/unsubscribe (her devices, issue 37, decision 136) and the public
// /notifications/shown of her service worker.
export async function pushRoutes(app: FastifyInstance, deps: service.PushDeps) {
  apiRoute(app, 'pushKey', async () => service.publicKey(deps));
  apiRoute(app, 'pushSubscribe', async (request) => {
    await service.subscribe(deps, callerOf(request), request.body);
    return {};
  });
  apiRoute(app, 'pushUnsubscribe', async (request) => {
    await service.unsubscribe(deps, callerOf(request), request.body);
    return {};
  });
  apiRoute(
    app,
    'notificationsShown',
    async (request) => {
      await service.shown(deps, request.body);
      return {};
    },
    { config: { rateLimit: { max: SHOWN_LIMIT_PER_IP_PER_MINUTE, timeWindow: 60_000 } } },
  );
}
