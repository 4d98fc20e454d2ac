import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './vouchers.service.ts';

// spec §7 /voucher/batches, /voucher/vouchers, /voucher/top-up, 'generate codes' (/voucher/generate,
// decision 056), /voucher/redeem
export async function vouchersRoutes(app: FastifyInstance, deps: service.VouchersDeps) {
  apiRoute(app, 'voucherBatches', async (request) => ({ batches: await service.batches(deps, callerOf(request), request.body) }));
  apiRoute(app, 'voucherVouchers', async (request) => ({ vouchers: await service.vouchers(deps, callerOf(request), request.body) }));
  // 'Generuj kody' does what a top-up does; its own path lets the logs tell the two buttons apart.
  apiRoute(app, 'voucherTopUp', async (request) => ({ vouchers: await service.topUp(deps, callerOf(request), request.body) }));
  apiRoute(app, 'voucherGenerate', async (request) => ({ vouchers: await service.topUp(deps, callerOf(request), request.body) }));
  apiRoute(app, 'voucherRedeem', async (request) => ({ vouchers: await service.redeem(deps, callerOf(request), request.body) }));
}
