import { vi } from 'vitest';

/**
 * A JSON answer, a file (a binary call's image), no connection, or an answer cut off after its headers
 * (what the page being left — a reload, another address — does to a load under way in Chromium).
 */
export type FakeAnswer = { status?: number; body: unknown } | { file: Blob } | 'network-error' | 'cut-off';

/** A 200 JSON answer whose body breaks off after its first bytes, as Chromium fails it when the page is left. */
export function cutOffResponse(error: unknown = new TypeError('Failed to fetch')): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"status":{"succ'));
      controller.error(error);
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}
export type FakeRequest = { url: string; headers: Record<string, string>; body: unknown };

/**
 * A tiny stand-in for fetch in unit tests: answers each path (e.g. '/api/auth/login') with a fixed
 * answer and records what was sent. Server and end-to-end tests use the real server instead.
 */
export function fakeFetch(answers: Record<string, FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const text = typeof init?.body === 'string' ? init.body : '';
    requests.push({ url, headers: { ...(init?.headers as Record<string, string>) }, body: text ? JSON.parse(text) : undefined });
    const answer = answers[url];
    if (answer === undefined) throw new Error(`fakeFetch: no answer for ${url}`);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'cut-off') return cutOffResponse();
    // The bytes as text: jsdom's Blob is not one Node's Response can read.
    if ('file' in answer) return new Response(await answer.file.text(), { headers: { 'Content-Type': answer.file.type } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch, requests };
}

/** Puts a fake fetch in place of the global one for this test. */
export function useFakeFetch(answers: Record<string, FakeAnswer>) {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}
