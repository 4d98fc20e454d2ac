import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import * as service from './staff-admin.service.ts';
import * as passwords from './staff-passwords.service.ts';

export type StaffAdminRouteOptions = service.StaffAdminDeps & {
  /** PUBLIC_URL: where people open the app; null: a link starts with the admin's request's own address. */
  publicUrl: string | null;
  /** Per address on the public link calls: the login's limit (decision 013). */
  perIp: { max: number; timeWindow: number };
};

// /api/admin/staff/*: the admin's 'Personel' page (issue 34, decision 118), each call's permission the
// route table's; and the two public calls of her link, whose token is the key.
export async function staffAdminRoutes(app: FastifyInstance, opts: StaffAdminRouteOptions) {
  const { publicUrl, perIp, ...deps } = opts;
  // Behind a proxy the request's protocol and host are the forwarded ones only when TRUST_PROXY says so.
  const link = (request: FastifyRequest): service.LinkContext => ({
    base: publicUrl ?? `${request.protocol}://${request.host}`,
    log: request.log,
  });
  apiRoute(app, 'adminStaffList', async (request) => service.list(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminStaffCreate', async (request) => service.create(deps, staffCallOf(request), request.body, link(request)));
  apiRoute(app, 'adminStaffUpdate', async (request) => service.update(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminStaffDeactivate', async (request) => service.deactivate(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminStaffReactivate', async (request) => service.reactivate(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminStaffSendLink', async (request) => service.sendLink(deps, staffCallOf(request), request.body, link(request)));
  apiRoute(app, 'adminStaffPasswordLink', async (request) => passwords.linkInfo(deps, request.body.token), {
    config: { rateLimit: perIp },
  });
  apiRoute(app, 'adminStaffSetPassword', async (request) => passwords.setPasswordWithLink(deps, request.body, request.ip), {
    config: { rateLimit: perIp },
  });
}
