import type { FastifyInstance } from 'fastify';
import { buildMultipart } from './files.ts';

// The back office's form calls as it sends them (multipart): the plan import (file, dryRun) and the
// voucher codes' import (file, event, batch).

/** What a plan import's write confirms (decision 113): each a form field 'confirm…' = 'true'. */
export type PlanConfirmation = 'Past' | 'Conflicts';

/** POST /api/admin/actions/import with the file's text (or bytes) and, when given, dryRun and confirmations. */
export function postPlan(
  app: FastifyInstance,
  token: string,
  file: string | Buffer,
  o: { dryRun?: boolean; confirm?: readonly PlanConfirmation[]; headers?: Record<string, string> } = {},
) {
  const data = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  const { payload, headers } = buildMultipart([
    ...(o.dryRun === undefined ? [] : [{ name: 'dryRun', value: String(o.dryRun) }]),
    ...(o.confirm ?? []).map((what) => ({ name: `confirm${what}`, value: 'true' })),
    { name: 'file', filename: 'plan.csv', contentType: 'text/csv', data },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/admin/actions/import',
    payload,
    headers: { ...headers, ...o.headers, authorization: `Bearer ${token}` },
  });
}

/** POST /api/admin/vouchers/import with the codes' file, its event and batch. */
export function postVoucherCodes(
  app: FastifyInstance,
  token: string,
  o: { event: string; batch: string; text: string | Buffer; headers?: Record<string, string> },
) {
  const { payload, headers } = buildMultipart([
    { name: 'event', value: o.event },
    { name: 'batch', value: o.batch },
    {
      name: 'file',
      filename: 'kody.csv',
      contentType: 'text/csv',
      data: typeof o.text === 'string' ? Buffer.from(o.text, 'utf8') : o.text,
    },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/admin/vouchers/import',
    payload,
    headers: { ...headers, ...o.headers, authorization: `Bearer ${token}` },
  });
}
