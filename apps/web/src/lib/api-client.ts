import type { RouteBody, RouteData } from '@promotor/contract';
import { routePaths, type RouteKind, type RouteName } from '@promotor/contract/route-paths';
import { reportConnection } from './connection.ts';
import { readToken } from './storage/token.ts';

// spec §7: every call is a POST with the bearer token; the answer is the envelope
// { status: { success }, data, meta: { ts } }. Paths and how each call travels come from the
// contract's route table (route-paths, zod-free); bodies and answers are typed from its schemas as
// types only: the web app does not load zod to check them again (docs/decisions/021-web-app-foundation.md)
// — the server validates what it receives, and the entry chunk stays small.

export type ApiErrorKind =
  /** fetch failed: offline, DNS, the server down, CORS; or the answer was cut off (a page being left). */
  | 'network'
  /** The API answered with its failure envelope: `code` is data.error. */
  | 'api'
  /** Something answered that is not the API's envelope (a proxy's error page, a broken body). */
  | 'unexpected'
  /**
   * The answer came after the session the call was sent in had ended (she logged out, or someone else
   * logged in on this phone): dropped unread, so that none of it lands in the next session's state or
   * speaks of it (docs/decisions/071-answers-of-an-ended-session.md).
   */
  | 'ended';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** data.error of a failure envelope (E_…), null otherwise. */
    readonly code: string | null,
    /** meta.ts of the answer: what a promoter quotes to support. */
    readonly ts: string | null = null,
    readonly details?: unknown,
    readonly httpStatus?: number,
  ) {
    super(code ?? kind);
    this.name = 'ApiError';
  }
}

/**
 * Whether a call was stopped by its caller's AbortSignal (a component gone, a timeout): the call
 * rejects with the signal's reason, an AbortError (a TimeoutError for AbortSignal.timeout). Not a
 * failure to tell her about.
 */
export const isAbortError = (error: unknown): boolean => {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : null;
  return name === 'AbortError' || name === 'TimeoutError';
};

/** The answers that mean her session is over (spec §8): the server no longer takes her token. */
export const SESSION_END_CODES = ['E_UNAUTHORIZED', 'E_EXPIRED'] as const;
export type SessionEndCode = (typeof SESSION_END_CODES)[number];

export const isSessionEndCode = (code: string | null): code is SessionEndCode =>
  (SESSION_END_CODES as readonly (string | null)[]).includes(code);

/**
 * Whether the error is the server refusing her token, or an answer to a session that has ended since:
 * either way the session has already been ended for it, and nothing is to be said or kept.
 */
export const endsSession = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'ended' || isSessionEndCode(error.code));

export type ApiClientOptions = {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  /**
   * Called when any call is answered E_UNAUTHORIZED or E_EXPIRED while the token it carried is still
   * the one kept (an answer to a token replaced meanwhile — she logged in again — says nothing about
   * the new one: it is dropped, below). `hadToken`: false when the call carried none.
   */
  onSessionRejected?: (code: SessionEndCode, hadToken: boolean) => void;
  /** Called after each call: false when no connection was found, true when the server answered. */
  onConnection?: (reached: boolean) => void;
  /** The X-Outbox header of each call (what waits in her outbox, decision 093); null: not known, none sent. */
  outbox?: () => string | null;
};

/**
 * What a call sends: its JSON body; for a multipart call, its `_input` and the files (spec §7
 * /action/file/create); for a form call, its text fields and the one file (the plan's CSV import).
 */
export type CallBody<N extends RouteName> = N extends RouteName
  ? (typeof routePaths)[N]['kind'] extends 'multipart'
    ? { input: RouteBody<N>; files: Blob[] }
    : (typeof routePaths)[N]['kind'] extends 'form'
      ? { fields: RouteBody<N>; file: Blob; fileName?: string }
      : RouteBody<N>
  : never;

/** meta of the answer: ts on every envelope (what a promoter quotes to support); a call may add more (/lead/register's bc). */
export type ApiMeta = { ts: string | null; readonly [key: string]: unknown };

/** A call's answer: `data` typed by the route table; a binary call's data is a Blob (its meta.ts is null). */
export type ApiAnswer<N extends RouteName> = { data: RouteData<N>; meta: ApiMeta };

export type CallOptions = {
  /**
   * One key per user intent (docs/decisions/005-idempotency.md): a retry of the same intent passes the
   * same key. Left out, every call is its own intent and gets a fresh key.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Extra headers of this call (e.g. 'Sf-Bypassed'); the token, key and content type are the client's own. */
  headers?: Readonly<Record<string, string>>;
};

/** The body may be left out only where the route takes none. */
type CallArgs<N extends RouteName> =
  undefined extends CallBody<N> ? [body?: CallBody<N>, options?: CallOptions] : [body: CallBody<N>, options?: CallOptions];

/** A random UUID; crypto.randomUUID exists only in secure contexts, so a fallback for plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type EnvelopeLike = { status?: { success?: unknown }; data?: unknown; meta?: { ts?: unknown } };

function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as EnvelopeLike).status?.success === 'boolean';
}

/**
 * The request body of a call and the headers it brings: JSON, or multipart/form-data with `_input`
 * (JSON) and each Blob as `files[]` (photo-N.jpg) — no Content-Type of ours there: the browser sets it
 * with the multipart boundary.
 */
function requestBody(kind: RouteKind, body: unknown): { body: BodyInit; headers: Record<string, string> } {
  if (kind === 'multipart') {
    const { input, files } = body as { input: unknown; files: Blob[] };
    const form = new FormData();
    form.append('_input', JSON.stringify(input));
    files.forEach((file, index) => form.append('files[]', file, `photo-${index + 1}.jpg`));
    return { body: form, headers: { Accept: 'application/json' } };
  }
  if (kind === 'form') {
    const { fields, file, fileName } = body as { fields: Record<string, string> | undefined; file: Blob; fileName?: string };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    form.append('file', file, fileName ?? 'file');
    return { body: form, headers: { Accept: 'application/json' } };
  }
  const json = body === undefined ? '' : JSON.stringify(body);
  // A binary call answers the file itself, or the failure envelope.
  const accept = kind === 'binary' ? 'image/*, application/json' : 'application/json';
  return { body: json, headers: { 'Content-Type': 'application/json', Accept: accept } };
}

const answersJson = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('json');

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? import.meta.env.VITE_API_BASE_URL ?? '/api').replace(/\/$/, '');
  // Looked up on each call so tests (and polyfills) can replace the global.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const getToken = options.getToken ?? readToken;
  const { onSessionRejected, onConnection } = options;

  /** The URL of a call, for what sends it without this client (the Android wrapper's location service). */
  const urlOf = (name: RouteName): string => `${baseUrl}${routePaths[name].path}`;

  /**
   * Sends one call of the route table (spec §7: a POST with the bearer token) and reads its answer:
   * resolves with `{ data, meta }`, rejects with an ApiError.
   */
  async function call<N extends RouteName>(name: N, ...[body, callOptions = {}]: CallArgs<N>): Promise<ApiAnswer<N>> {
    const { kind } = routePaths[name];
    const request = requestBody(kind, body);
    const outbox = options.outbox?.() ?? null;
    const headers: Record<string, string> = {
      // A call's own X-Outbox (the outbox's: without the item it sends) comes after, so it wins.
      ...(outbox === null ? {} : { 'X-Outbox': outbox }),
      ...callOptions.headers,
      ...request.headers,
      'Idempotency-Key': callOptions.idempotencyKey ?? newIdempotencyKey(),
    };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Whether her session ended while the call was under way (she logged out, or someone else logged
    // in on this phone): then whatever comes of it, an answer or a failure, is dropped unread as kind
    // 'ended' — none of it may land in the next session's state (decision 071).
    const ended = () => getToken() !== token;

    let response: Response;
    try {
      response = await doFetch(urlOf(name), { method: 'POST', headers, body: request.body, signal: callOptions.signal });
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      if (ended()) throw new ApiError('ended', null);
      onConnection?.(false);
      throw new ApiError('network', null);
    }
    onConnection?.(true);

    /**
     * Reads the rest of the answer. Its headers came, but the body may still be cut off: the caller
     * aborted (her own abort goes on as it is), the connection dropped, or the page is being left —
     * a reload or another address: Chromium fails the loads of the old page with "Failed to fetch"
     * after beforeunload, while its scripts still run. That is a lost connection ('network', never a
     * toast), not an unexpected answer: read as one, it showed a generic toast, saved with the store,
     * on the next page (docs/decisions/043-toasts-live-once.md).
     */
    const read = async <T>(body: () => Promise<T>): Promise<T> => {
      let value: T;
      try {
        value = await body();
      } catch (error) {
        if (callOptions.signal?.aborted) throw error;
        if (ended()) throw new ApiError('ended', null);
        onConnection?.(false);
        throw new ApiError('network', null, null, undefined, response.status);
      }
      // A refusal too: an answer to a replaced token never ends the new session.
      if (ended()) throw new ApiError('ended', null);
      return value;
    };

    if (kind === 'binary' && response.ok && !answersJson(response)) {
      return { data: (await read(() => response.blob())) as RouteData<N>, meta: { ts: null } };
    }

    const text = await read(() => response.text());
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError('unexpected', null, null, undefined, response.status);
    }
    if (!isEnvelope(parsed)) throw new ApiError('unexpected', null, null, undefined, response.status);

    const ts = typeof parsed.meta?.ts === 'string' ? parsed.meta.ts : null;
    if (parsed.status?.success === true && response.ok) return { data: parsed.data as RouteData<N>, meta: { ...parsed.meta, ts } };
    const data = parsed.data as { error?: unknown; details?: unknown } | undefined;
    const code = typeof data?.error === 'string' && data.error !== '' ? data.error : null;
    if (isSessionEndCode(code)) onSessionRejected?.(code, token !== null);
    throw new ApiError(code ? 'api' : 'unexpected', code, ts, data?.details, response.status);
  }

  return { call, urlOf };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** `data` of an answer, for callers that need nothing of its meta. */
export const dataOf = <T>(answer: { data: T }): T => answer.data;

let sessionRejected: NonNullable<ApiClientOptions['onSessionRejected']> = () => {};

/**
 * Who hears that the server refused her token, on any call of the app's client. The store registers
 * itself (store/app-store.ts) — lib/ does not import the store, the store listens.
 */
export function whenSessionRejected(handler: NonNullable<ApiClientOptions['onSessionRejected']>): void {
  sessionRejected = handler;
}

let outboxHeader: () => string | null = () => null;

/**
 * What every call of the app's client says in X-Outbox (decision 093): the outbox registers itself
 * once it has read what waits (lib/outbox/outbox-header.ts) — lib/ code of the login page loads no outbox.
 */
export function reportOutboxWith(read: () => string | null): void {
  outboxHeader = read;
}

/**
 * The app's client: VITE_API_BASE_URL (default '/api'), the stored token. The one place where an ended
 * session is noticed, whatever the call (a page's load, a form, the outbox, a location ping): the
 * session ends in the app and the login page says why (docs/decisions/044-session-end.md); and where
 * a missing connection is (docs/decisions/045-offline-signal-and-error-code.md).
 */
export const api = createApiClient({
  onSessionRejected: (code, hadToken) => sessionRejected(code, hadToken),
  onConnection: reportConnection,
  outbox: () => outboxHeader(),
});
