import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, apiServicePaths, routeNames, routePaths, routeSchemas, type RouteName } from '@promotor/contract';
import { createTestApp, post, type TestApp } from '../test/test-app.ts';

// The contract's route table is the server's list of calls: every call in it answers, and nothing is
// served under /api that is not in it (a route added by hand, outside apiRoute, fails here).

/**
 * Every route with its full path, from Fastify's printed tree: '├── /api/action/report (POST)', and a
 * route whose path continues another's under it, '│   └── /to-fix (POST)' or, past a shared word,
 * '│   └── -thumbnail (POST)' (/admin/reports/file and /file-thumbnail), four characters a level.
 */
function registeredRoutes(t: TestApp): { url: string; methods: string[] }[] {
  const parents: string[] = [];
  const routes: { url: string; methods: string[] }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (depth > 0 ? parents[depth - 1]! : '') + m[2]!;
    parents[depth] = url;
    parents.length = depth + 1;
    if (m[3]) routes.push({ url, methods: m[3].split(', ') });
  }
  return routes;
}

const methodOf = (name: RouteName) => (routePaths[name].kind === 'csv' ? 'GET' : 'POST');

describe('routes from the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('registers every call of the route table as a POST under /api, a CSV export as a GET', () => {
    for (const name of routeNames) {
      expect(t.app.hasRoute({ method: methodOf(name), url: `${API_BASE}${routePaths[name].path}` }), name).toBe(true);
    }
  });

  it('serves nothing under /api that the route table does not name', () => {
    const calls = new Set(Object.values(routePaths).map((r) => `${r.kind === 'csv' ? 'GET' : 'POST'} ${API_BASE}${r.path}`));
    const service = new Set(Object.values(apiServicePaths).flatMap((p) => [`GET ${API_BASE}${p}`, `HEAD ${API_BASE}${p}`]));
    const underApi = registeredRoutes(t).filter((r) => r.url.startsWith(`${API_BASE}/`));
    expect(underApi.length).toBeGreaterThan(routeNames.length);
    for (const { url, methods } of underApi) {
      for (const method of methods) expect(calls.has(`${method} ${url}`) || service.has(`${method} ${url}`), `${method} ${url}`).toBe(true);
    }
  });

  it('public calls answer without a token; the others are 401 E_UNAUTHORIZED before reading the body', async () => {
    for (const name of routeNames) {
      const res =
        methodOf(name) === 'GET'
          ? await t.app.inject({ method: 'GET', url: `${API_BASE}${routePaths[name].path}` })
          : await post(t.app, routePaths[name].path, {});
      if ('public' in routeSchemas[name]) expect(res.statusCode, name).not.toBe(401);
      else expect(res.json().data.error, name).toBe('E_UNAUTHORIZED');
    }
  });
});
