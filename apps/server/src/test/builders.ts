import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { seedFreshDay } from '../db/seed/demo-seed.ts';
import { createPromoter } from '../modules/auth/admin.service.ts';
import { DEMO_PASSWORD, loginAs, post, type TestApp } from './test-app.ts';

/** A tiny but real-looking JPEG: the magic bytes the server checks, then filler. */
export function buildJpeg(size = 2048): Buffer {
  const body = randomBytes(Math.max(0, size - 4));
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), body]);
}

export function buildPng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
}

export type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** multipart/form-data as a browser sends it. */
export function buildMultipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----promotor${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadPhotos(
  app: FastifyInstance,
  token: string,
  input: unknown,
  files: Buffer[],
  headers: Record<string, string> = {},
) {
  const { payload, headers: h } = buildMultipart([
    { name: '_input', value: typeof input === 'string' ? input : JSON.stringify(input) },
    ...files.map((data, i) => ({ name: 'files[]', filename: `photo-${i}.jpg`, contentType: 'image/jpeg', data })),
  ]);
  return app.inject({ method: 'POST', url: '/api/action/file/create', payload, headers: { ...h, ...headers, authorization: `Bearer ${token}` } });
}

export type ListedAction = {
  uuid: string;
  name: string;
  ident: string;
  actionPoints: { uuid: string }[];
  status: { user: { status: string | null; actionPoint: { uuid: string } | null; lastStatusCreated: { date: string } | null }; global: { ident: string } };
  since: { date: string };
};

export const currentListBody = (since: string) => ({
  actions: { since, filters: { statuses: ['started', 'accepted'] } },
  pagination: { limit: 200, offset: 0 },
});

export async function listCurrent(app: FastifyInstance, token: string, since: string): Promise<ListedAction[]> {
  const res = await post(app, '/action/list', currentListBody(since), token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.actions;
}

/** The caller's current action whose name contains `text`. */
export async function findAction(app: FastifyInstance, token: string, since: string, text: string): Promise<ListedAction> {
  const action = (await listCurrent(app, token, since)).find((a) => a.name.includes(text));
  if (!action) throw new Error(`no action named like ${text}`);
  return action;
}

let promoterCount = 0;

/** A new promoter with the demo password and unique username and hostess code. */
export async function buildPromoter(t: TestApp, options: { mobilePhone?: string } = {}): Promise<{ userId: string; username: string }> {
  promoterCount += 1;
  const username = `promotorka-${promoterCount}-${randomBytes(3).toString('hex')}@demo.pl`;
  const ident = `HST${randomBytes(3).toString('hex').toUpperCase()}`;
  const userId = await createPromoter(t.db, {
    username,
    password: DEMO_PASSWORD,
    ident,
    firstname: 'Ewa',
    lastname: 'Testowa',
    mobilePhone: options.mobilePhone ?? null,
    territories: [],
  });
  return { userId, username };
}

/**
 * A new promoter with a fresh working day of demo actions and none started, logged in: for tests that
 * change her actions' state and must not depend on other tests.
 */
export async function buildPromoterWithDay(t: TestApp): Promise<{ token: string; userId: string; username: string }> {
  const { userId, username } = await buildPromoter(t);
  await seedFreshDay(t.db, userId, { timezone: t.config.timezone, now: t.clock.now() });
  return { token: await loginAs(t.app, username), userId, username };
}
