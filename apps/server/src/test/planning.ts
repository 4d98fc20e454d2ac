import type { FastifyInstance } from 'fastify';
import { createStaff } from '../modules/staff/staff-accounts.service.ts';
import { buildMultipart } from './files.ts';
import { post, type TestApp } from './test-app.ts';

// The planning tests' staff and calls: a staff member of given roles and territories, signed in, and
// the plan import as the back office sends it (multipart: file, dryRun).

export const STAFF_PASSWORD = 'haslo-biura-1';
let count = 0;

export type SignedInStaff = { staffId: string; username: string; token: string };

/** A staff member through the accounts service, then signed in at /api/admin/auth/login. */
export async function buildSignedInStaff(t: TestApp, o: { roles: string[]; territories?: string[] }): Promise<SignedInStaff> {
  const username = `biuro-${process.pid}-${++count}-${Date.now()}@test.pl`;
  const staffId = await createStaff(t.db, {
    username,
    password: STAFF_PASSWORD,
    firstname: 'Beata',
    lastname: 'Biurowa',
    roles: o.roles,
    territories: o.territories ?? [],
  });
  const res = await post(t.app, '/admin/auth/login', { username, password: STAFF_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
  return { staffId, username, token: res.json().data.token.token };
}

/** POST /api/admin/actions/import with the file's text (or bytes) and, when given, dryRun. */
export function postPlan(
  app: FastifyInstance,
  token: string,
  file: string | Buffer,
  o: { dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  const data = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  const { payload, headers } = buildMultipart([
    ...(o.dryRun === undefined ? [] : [{ name: 'dryRun', value: String(o.dryRun) }]),
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
export function postVoucherCodes(app: FastifyInstance, token: string, o: { event: string; batch: string; text: string }) {
  const { payload, headers } = buildMultipart([
    { name: 'event', value: o.event },
    { name: 'batch', value: o.batch },
    { name: 'file', filename: 'kody.csv', contentType: 'text/csv', data: Buffer.from(o.text, 'utf8') },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/admin/vouchers/import',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}
