import { api, ApiError } from '../api-client.ts';
import { outboxHeader } from './outbox-header.ts';
import type { OutboxItem } from './outbox-types.ts';

/** What became of one try of an item. */
export type SendOutcome =
  /** The server accepted it: remove it. */
  | { type: 'sent'; data: unknown }
  /** No answer worth keeping (offline, 5xx, busy): try again later, with the same key. */
  | { type: 'retry'; reason: string }
  /** Not logged in or the session expired: keep it and wait for a token. */
  | { type: 'auth'; reason: string }
  /** The server refused it for good: remove it and tell the promoter. */
  | { type: 'final'; code: string | null; ts: string | null };

/** A photo upload on a slow connection takes a while; a request stuck longer than this is tried again. */
export const SEND_TIMEOUT_MS = 120_000;

const RETRY_CODES = new Set(['E_IDEMPOTENCY_IN_PROGRESS']);
const AUTH_CODES = new Set(['E_UNAUTHORIZED', 'E_EXPIRED']);
const RETRY_STATUSES = new Set([408, 429]);

export function classify(error: unknown): Exclude<SendOutcome, { type: 'sent' }> {
  // Not an ApiError: our own timeout aborted the request.
  if (!(error instanceof ApiError)) return { type: 'retry', reason: 'timeout' };
  if (error.kind === 'network') return { type: 'retry', reason: error.kind };
  const status = error.httpStatus ?? 0;
  if (error.kind === 'unexpected') {
    // Not the API's envelope, e.g. a proxy's HTML 413: a 4xx says the request itself is unwelcome and
    // would be refused again on every try, so it is final (shown with the generic message).
    return isClientError(status) ? { type: 'final', code: null, ts: error.ts } : { type: 'retry', reason: `${error.kind} ${status}` };
  }
  // Sent with her token, answered after she logged out: it waits for her as the refused ones do.
  if (error.kind === 'ended' || AUTH_CODES.has(error.code ?? '')) return { type: 'auth', reason: error.code ?? error.kind };
  if (status >= 500 || RETRY_STATUSES.has(status) || RETRY_CODES.has(error.code ?? '')) {
    return { type: 'retry', reason: error.code ?? String(status) };
  }
  return { type: 'final', code: error.code, ts: error.ts };
}

/** 4xx other than 408 (timeout) and 429 (too many requests), which do pass. */
const isClientError = (status: number) => status >= 400 && status < 500 && !RETRY_STATUSES.has(status);

/** One try of `item`, always with its stored Idempotency-Key. Never throws. */
export async function sendItem(item: OutboxItem): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  // What waits besides this item (decision 093): its own call leaves it out.
  const header = outboxHeader(item);
  const options = {
    idempotencyKey: item.idempotencyKey,
    signal: controller.signal,
    ...(header === null ? {} : { headers: { 'X-Outbox': header } }),
  };
  try {
    // The stored body is the one its kind's route takes (OutboxKindHandle.item built it).
    const { data } = await api.call(item.route, item.body as never, options);
    return { type: 'sent', data };
  } catch (error) {
    return classify(error);
  } finally {
    clearTimeout(timer);
  }
}

/** 1 s, 2 s, 4 s … at most 60 s, each shortened by up to a fifth at random so tabs and devices spread out. */
export function backoffMs(attempts: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.2 * Math.random()));
}
