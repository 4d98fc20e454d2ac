import type { FastifyInstance } from 'fastify';
import { API_BASE, apiServicePaths, routeDefinition, routeNames } from '@promotor/contract';
import { escapeHtml } from '../../lib/html.ts';
import { buildOpenApiDocument } from '../../lib/openapi.ts';

const pre = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/**
 * The API as one page to read (development only, like /dev/outbox): every call of the route table with
 * its body and answer. Plain HTML with no script or style, so the app's strict CSP applies unchanged.
 */
export function renderApiDocsPage(): string {
  const { components } = buildOpenApiDocument();
  const schemas = components.schemas as Record<string, unknown>;
  const calls = routeNames.map((name) => {
    const route = routeDefinition(name);
    const title = name[0]!.toUpperCase() + name.slice(1);
    const body = schemas[`${title}Body`];
    const response = schemas[`${title}Response`];
    const kind = {
      json: 'JSON body',
      multipart: 'multipart/form-data: _input (JSON) and files[]',
      form: 'multipart/form-data: the fields below as text parts and one file in file',
      binary: 'JSON body; answers the file',
      csv: 'GET, the fields below in the query string; answers a CSV file (UTF-8 with BOM, semicolons)',
    }[route.kind];
    return `<section id="${name}"><h2>${route.kind === 'csv' ? 'GET' : 'POST'} ${escapeHtml(API_BASE + route.path)}</h2><p>${escapeHtml(route.summary)}</p>
<ul><li>${route.public ? 'Public: no bearer token' : 'Needs a bearer token'}</li><li>${route.idempotent ? 'Idempotent: send an Idempotency-Key to make a retry safe' : 'No Idempotency-Key records (a read, or a body with a password)'}</li><li>${kind}</li></ul>
<h3>Body${route.kind === 'multipart' ? ' (_input)' : route.kind === 'form' ? ' (text fields)' : ''}</h3>${body ? pre(body) : '<p>None.</p>'}
<h3>Answer</h3>${response ? pre(response) : route.kind === 'csv' ? '<p>The CSV file (text/csv), streamed.</p>' : '<p>The image bytes (image/jpeg, image/png or image/webp).</p>'}</section>`;
  });
  const index = routeNames.map((name) => `<li><a href="#${name}">${escapeHtml(routeDefinition(name).path)}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Promotor API (development)</title></head>
<body><h1>Promotor API</h1><p>Every call, from the contract's route table. Machine-readable: <a href="${API_BASE}${apiServicePaths.openapi}">${API_BASE}${apiServicePaths.openapi}</a> (OpenAPI 3.1).
A failure answers <code>{ status: { success: false }, data: { error, details? }, meta: { ts } }</code>:</p>${pre(schemas.ErrorCode)}
<ul>${index}</ul>${calls.join('\n')}</body></html>`;
}

/** Development only (registered with /dev/outbox, never in production): GET /dev/api. */
export async function devApiDocsRoutes(app: FastifyInstance) {
  const html = renderApiDocsPage();
  app.get('/dev/api', { config: { public: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html),
  );
}
