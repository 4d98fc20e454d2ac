import { vi } from 'vitest';

export type AdminRequest = { path: string; authorization: string | null; body: unknown };

/**
 * fetch for the back office's tests: each /api/admin path answers with a fixed envelope (or a function
 * of the body), and every request is recorded with the token it carried.
 */
export function fakeAdminApi(
  answers: Record<string, { status?: number; body: unknown } | ((body: unknown) => { status?: number; body: unknown })>,
) {
  const requests: AdminRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    requests.push({ path, authorization: headers.get('Authorization'), body });
    const found = answers[path];
    if (!found) throw new Error(`fakeAdminApi: no answer for ${path}`);
    const answer = typeof found === 'function' ? found(body) : found;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  /** The requests made to one path, in order (a page that polls asks it again). */
  const requestsTo = (path: string) => requests.filter((request) => request.path === path);
  return { fetch, requests, requestsTo };
}
