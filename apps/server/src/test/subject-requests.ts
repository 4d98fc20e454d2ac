import { randomBytes } from 'node:crypto';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { buildSignedInStaff } from './admin-builders.ts';
import { buildMultipart, buildPhoto } from './files.ts';
import {
  buildRegistrar,
  gloOffer,
  gloSerials,
  newContact,
  register,
  registrationBody,
  sendCodes,
  type Contact,
  type Registrar,
} from './registrations.ts';
import { newId } from '../lib/crypto.ts';
import { monthsLater } from '../modules/privacy/subject-requests.service.ts';
import { post, type TestApp } from './test-app.ts';

// The privacy officer's data-subject requests (issue 26, decision 098): her calls, and a consumer
// registered the way the phone registers one — /lead/otp, /lead/register with a Glo serial and the club,
// a receipt photo — so an export or an erasure meets real rows.

export const officer = (t: TestApp) => buildSignedInStaff(t, { roles: ['privacy'] });

export const requestsApi = (t: TestApp) => ({
  create: (token: string, body: Record<string, unknown>) => post(t.app, '/admin/consumers/requests/create', body, token),
  list: (token: string, body: Record<string, unknown> = {}) => post(t.app, '/admin/consumers/requests/list', body, token),
  extend: (token: string, request: string, reason = 'Wniosek obejmuje dane z wielu akcji') =>
    post(t.app, '/admin/consumers/requests/extend', { request: { uuid: request }, reason }, token),
  complete: (token: string, request: string, body: Record<string, unknown> = {}) =>
    post(t.app, '/admin/consumers/requests/complete', { request: { uuid: request }, ...body }, token),
});

/** A pending request of hers received now, written as the create call writes it; its id. */
export async function buildRequest(
  t: TestApp,
  consumerId: string,
  kind: 'access' | 'portability' | 'erasure' | 'rectification' = 'access',
) {
  const id = newId();
  const now = t.clock.now();
  await t.db
    .insertInto('consumer_requests')
    .values({
      id,
      consumer_id: consumerId,
      kind,
      state: 'pending',
      received_at: now.toISOString(),
      due_at: monthsLater(now, 1, t.config.timezone).toISOString(),
      extension_reason: null,
      extended_at: null,
      extended_by: null,
      note: null,
      created_by: 'Beata Biurowa',
      created_at: now.toISOString(),
      completed_at: null,
      completed_by: null,
      outcome_note: null,
    })
    .execute();
  return id;
}

export type RegisteredConsumer = {
  id: string;
  contact: Contact;
  firstName: string;
  lastName: string;
  registrar: Registrar;
  leadId: string;
  bc: string;
  serial: string;
  receiptId: string;
};

/** The multipart body of her receipt photo, as the phone sends it after /lead/register. */
export function receiptUpload(r: Registrar, lead: { id: string; bc: string; serial: string }) {
  return buildMultipart([
    {
      name: '_input',
      value: JSON.stringify({ action: { uuid: r.action.uuid }, device: { serial: lead.serial, beacon: lead.bc }, lead: { id: lead.id } }),
    },
    { name: 'files[]', filename: 'paragon.jpg', contentType: 'image/jpeg', data: buildPhoto() },
  ]);
}

/**
 * A receipt photo of her registration, as the phone sends it after /lead/register: from its outbox, so
 * with an Idempotency-Key (`receipt-<lead id>`), and its answer is kept for replays.
 */
export async function uploadReceipt(t: TestApp, r: Registrar, lead: { id: string; bc: string; serial: string }): Promise<string> {
  const { payload, headers } = receiptUpload(r, lead);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/action/receipt/create',
    payload,
    headers: { ...headers, authorization: `Bearer ${r.token}`, 'idempotency-key': `receipt-${lead.id}` },
  });
  if (res.statusCode !== 200) throw new Error(`receipt: ${res.body}`);
  return res.json().data.receipt.uuid as string;
}

/** A new consumer registered through the webform's calls (joining the club unless `club: false`), with names unique to the test. */
export async function registerConsumer(
  t: TestApp,
  cat: WebformCataloguesResponse,
  o: { registrar?: Registrar; club?: boolean } = {},
): Promise<RegisteredConsumer> {
  const r = o.registrar ?? (await buildRegistrar(t));
  const c = newContact();
  const [serial] = await gloSerials(t);
  const tag = randomBytes(3).toString('hex');
  const names = { firstName: `Janina${tag}`, lastName: `Konsumencka${tag}` };
  const body = registrationBody(t, r, c, cat, {
    codes: await sendCodes(t, r.token, c),
    offers: { Glo: gloOffer(serial!), InspirationClub: o.club ?? true },
    lead: names,
  });
  const res = await register(t, r.token, body);
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const { data, meta } = res.json();
  const consumer = await t.db.selectFrom('consumers').select('id').where('email_address', '=', c.emailAddress).executeTakeFirstOrThrow();
  const lead = { id: data.lead.id as string, bc: meta.bc as string, serial: serial! };
  const receiptId = await uploadReceipt(t, r, lead);
  return { id: consumer.id, contact: c, ...names, registrar: r, leadId: lead.id, bc: lead.bc, serial: serial!, receiptId };
}

/** What the registrar's app counts: /sample/stats (her action, her month) and /action/report of her action. */
export async function promoterCounts(t: TestApp, r: Registrar) {
  const stats = await post(
    t.app,
    '/sample/stats',
    { sample: { hostessCode: r.ident, currentAction: r.action.uuid, lastAction: null } },
    r.token,
  );
  const report = await post(t.app, '/action/report', { action: { uuid: r.action.uuid } }, r.token);
  if (stats.statusCode !== 200 || report.statusCode !== 200) throw new Error(`counts: ${stats.body} ${report.body}`);
  return { stats: stats.json().data as unknown, report: report.json().data as unknown };
}
