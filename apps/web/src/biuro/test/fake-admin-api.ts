import { vi } from 'vitest';

export type AdminRequest = {
  path: string;
  authorization: string | null;
  body: unknown;
  method: string;
  /** The query string of a GET (the CSV exports), else empty. */
  query: URLSearchParams;
  headers: Headers;
};

/** A JSON envelope, or a file (a report's photo, a CSV export) with its own headers. */
export type FakeAnswer = { status?: number; body: unknown } | { status?: number; file: Blob; headers?: Record<string, string> };

/**
 * fetch for the back office's tests: each /api/admin path answers with a fixed envelope or file (or a
 * function of the body), and every request is recorded with the token it carried.
 */
/** The filters' list of territories (issue 33), unless a test answers it: the builders' two. */
const TERRITORIES: FakeAnswer = {
  body: {
    status: { success: true },
    data: {
      territories: [
        { ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
        { ident: 'WAW-POLUDNIE', name: 'Warszawa Południe' },
      ],
    },
    meta: { ts: '2026-11-27T08:00:00.000Z' },
  },
};

/** The events 'Dodaj akcję' offers (decision 123), unless a test answers it: the demo's one. */
const EVENTS: FakeAnswer = {
  body: {
    status: { success: true },
    data: {
      page: 1,
      pageSize: 200,
      total: 1,
      events: [{ uuid: 'event-1', ident: 'EV-2026-SAMPLING', name: 'Sampling glo, vuse, velo', actions: 0, voucherBatches: 1 }],
    },
    meta: { ts: '2026-11-27T08:00:00.000Z' },
  },
};

/** What reached her (issue 37), shown in the report's and the action's panels, unless a test answers it: nothing yet. */
const NOTIFICATIONS: FakeAnswer = {
  body: { status: { success: true }, data: { notifications: [] }, meta: { ts: '2026-11-27T08:00:00.000Z' } },
};

export function fakeAdminApi(given: Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>) {
  const answers: Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)> = {
    '/admin/territories': TERRITORIES,
    '/admin/events/list': EVENTS,
    '/admin/notifications/list': NOTIFICATIONS,
    ...given,
  };
  const requests: AdminRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    requests.push({
      path,
      authorization: headers.get('Authorization'),
      body,
      method: init?.method ?? 'GET',
      query: url.searchParams,
      headers,
    });
    const found = answers[path];
    if (!found) throw new Error(`fakeAdminApi: no answer for ${path}`);
    const answer = typeof found === 'function' ? found(body) : found;
    if ('file' in answer) {
      // jsdom's Blob is not the one Node's Response reads: its text goes in.
      return new Response(await answer.file.text(), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': answer.file.type, ...answer.headers },
      });
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  /** The requests made to one path, in order. */
  const requestsTo = (path: string) => requests.filter((request) => request.path === path);
  return { fetch, requests, requestsTo };
}
