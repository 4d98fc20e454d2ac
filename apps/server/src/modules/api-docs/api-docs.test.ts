import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, probePaths, routeNames, routePaths, routeSchemas } from '@promotor/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Operation = {
  operationId: string;
  summary: string;
  security?: unknown[];
  parameters?: { $ref: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }>;
};

describe('the API documents itself', () => {
  let t: TestApp;
  let withoutDevPages: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { DEV_OUTBOX: 'true' } });
    withoutDevPages = await createTestApp('sqlite', { env: { DEV_OUTBOX: 'false' } });
  });
  afterAll(async () => {
    await t.close();
    await withoutDevPages.close();
  });

  it('GET /api/openapi.json needs no token and describes every call of the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths).sort()).toEqual([...Object.values(routePaths).map((r) => r.path), ...Object.values(probePaths)].sort());
    for (const name of routeNames) {
      const csv = routePaths[name].kind === 'csv';
      const op = doc.paths[routePaths[name].path][csv ? 'get' : 'post'] as Operation;
      expect(op.operationId).toBe(name);
      expect(op.summary.length).toBeGreaterThan(0);
      // Public calls drop the document-wide bearer requirement; idempotent ones take Idempotency-Key.
      expect(op.security, name).toEqual('public' in routeSchemas[name] ? [] : undefined);
      if (!csv)
        expect(op.parameters, name).toEqual(
          routeSchemas[name].idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : undefined,
        );
      expect(op.responses.default!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    }
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorCode.enum).toEqual(ERROR_CODES);
  });

  it("lists the load balancer's probes at the server's root, public, with each check's states", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/livez', '/readyz']) {
      expect(doc.paths[path].servers, path).toEqual([{ url: '/' }]);
      expect(doc.paths[path].get.security, path).toEqual([]);
    }
    expect(doc.paths['/readyz'].get.responses[503].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ReadyzNotReady',
    });
    const checks = doc.components.schemas.ReadyzResponse.properties.data.properties;
    expect(Object.keys(checks)).toEqual(['database', 'migrations', 'bucket', 'closing']);
    expect(checks.bucket.enum).toEqual(['ok', 'unavailable', 'not-used']);
    expect(doc.components.schemas.ReadyzNotReady.properties.data.properties.details.properties.closing).toEqual({ type: 'boolean' });
  });

  it('lists the staff roles of every back-office call in x-roles, and of no other call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/admin/promoters/create'].post['x-roles']).toEqual(['admin', 'coordinator']);
    expect(doc.paths['/admin/audit/list'].post['x-roles']).toEqual(['admin', 'privacy']);
    expect(doc.paths['/admin/auth/login'].post['x-roles']).toEqual(['admin', 'coordinator', 'client', 'privacy']);
    for (const name of routeNames) {
      const op = doc.paths[routePaths[name].path][routePaths[name].kind === 'csv' ? 'get' : 'post'];
      expect(Array.isArray(op['x-roles']), name).toBe(routePaths[name].path.startsWith('/admin/'));
    }
  });

  it('shows a CSV export as a GET with its filter in the query string and a text/csv answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/admin/exports/actions.csv'].get;
    expect(doc.paths['/admin/exports/actions.csv'].post).toBeUndefined();
    expect(op['x-roles']).toEqual(['admin', 'coordinator', 'client']);
    expect(op.requestBody).toBeUndefined();
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'query:from',
      'query:to',
      'query:territory',
      'query:event',
      'query:promoter',
      'query:status',
    ]);
    expect(op.parameters[0].schema).toMatchObject({ type: 'string', format: 'date' });
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
  });

  it('shows bodies as a client writes them, uploads as _input and files[], photos as images', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const checkIn = doc.paths['/action/check-in'].post as Operation;
    expect(checkIn.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ActionCheckInBody' });
    expect(doc.components.schemas.ActionCheckInBody.required).toEqual(['actionPoint', 'location']);
    // The survey form before its transform: both spellings a phone may send (spec §3 and §7).
    expect(Object.keys(doc.components.schemas.ActionFileCreateBody.properties.form.properties)).toEqual([
      'checkboxes',
      'chechboxes',
      'text',
    ]);
    const envelope = doc.components.schemas.ActionCheckInResponse;
    expect(Object.keys(envelope.properties)).toEqual(['status', 'data', 'meta']);
    expect(envelope.properties.status.properties.success.const).toBe(true);

    const upload = (doc.paths['/action/file/create'].post as Operation).requestBody!.content['multipart/form-data']!.schema;
    expect(upload).toMatchObject({
      required: ['_input'],
      properties: { _input: { contentSchema: { $ref: '#/components/schemas/ActionFileCreateBody' } }, 'files[]': { type: 'array' } },
    });
    const served = (doc.paths['/action/file/serve'].post as Operation).responses['200']!.content;
    expect(Object.keys(served)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('a readable page lists every call in development, under the strict CSP, and is absent otherwise', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/api' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|<style| style=/);
    for (const r of Object.values(routePaths)) expect(page.body).toContain(`${r.kind === 'csv' ? 'GET' : 'POST'} /api${r.path}`);
    expect(page.body).toContain('&quot;actionPoint&quot;');

    expect((await withoutDevPages.app.inject({ method: 'GET', url: '/dev/api' })).statusCode).toBe(404);
    expect((await withoutDevPages.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});
