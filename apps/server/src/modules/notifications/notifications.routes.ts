import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as admin from './notifications-admin.service.ts';
import * as service from './notifications.service.ts';

// issue 37 (decision 135): her inbox (/notifications/list, /notifications/read) and the back office's
// view of what reached her (/admin/notifications/list, /admin/notifications/resend; permissions in the
// route table). Web Push's own calls are the push module's.
export async function notificationsRoutes(app: FastifyInstance, deps: service.NotificationsDeps) {
  apiRoute(app, 'notificationsList', async (request) => service.list(deps, callerOf(request), request.body));
  apiRoute(app, 'notificationsRead', async (request) => service.read(deps, callerOf(request), request.body));
  apiRoute(app, 'adminNotificationsList', async (request) => admin.list(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminNotificationsResend', async (request) => admin.resend(deps, staffCallOf(request), request.body));
}
