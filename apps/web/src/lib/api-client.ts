import { endSession } from '../store/session.ts';
import { reportConnection } from './connection.ts';
import { readToken } from './storage/token.ts';

// spec §7: every call is a POST with JSON and the bearer token; the answer is the envelope
// { status: { success }, data, meta: { ts } }. The shapes come from the contract as types only: the
// web app does not load zod to check them again (docs/decisions/021-web-app-foundation.md).

export type ApiErrorKind =
  /** fetch failed: offline, DNS, the server down, CORS. */
  | 'network'
  /** The API answered with its failure envelope: `code` is data.error. */
  | 'api'
  /** Something answered that is not the API's envelope (a proxy's error page, a broken body). */
  | 'unexpected';

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

/** The answers that mean her session is over (spec §8): the server no longer takes her token. */
export const SESSION_END_CODES = ['E_UNAUTHORIZED', 'E_EXPIRED'] as const;
export type SessionEndCode = (typeof SESSION_END_CODES)[number];

export const isSessionEndCode = (code: string | null): code is SessionEndCode =>
  (SESSION_END_CODES as readonly (string | null)[]).includes(code);

/** Whether the error is the server refusing her token: the session has already been ended for it. */
export const endsSession = (error: unknown): boolean => error instanceof ApiError && isSessionEndCode(error.code);

export type ApiClientOptions = {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  /**
   * Called when any call is answered E_UNAUTHORIZED or E_EXPIRED while the token it carried is still
   * the one kept (an answer to a token replaced meanwhile — she logged in again — says nothing about
   * the new one). `hadToken`: false when the call carried none.
   */
  onSessionRejected?: (code: SessionEndCode, hadToken: boolean) => void;
  /** Called after each call: false when no connection was found, true when the server answered. */
  onConnection?: (reached: boolean) => void;
};

export type PostOptions = {
  /**
   * One key per user intent (docs/decisions/005-idempotency.md): a retry of the same intent passes the
   * same key. Left out, every call is its own intent and gets a fresh key.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

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

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? import.meta.env.VITE_API_BASE_URL ?? '/api').replace(/\/$/, '');
  // Looked up on each call so tests (and polyfills) can replace the global.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const getToken = options.getToken ?? readToken;
  const { onSessionRejected, onConnection } = options;

  /** Sends one POST and reads the envelope: resolves with `data`, rejects with an ApiError. */
  async function send<T>(path: string, body: BodyInit, contentType: Record<string, string>, postOptions: PostOptions): Promise<T> {
    const headers: Record<string, string> = {
      ...contentType,
      Accept: 'application/json',
      'Idempotency-Key': postOptions.idempotencyKey ?? newIdempotencyKey(),
    };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { method: 'POST', headers, body, signal: postOptions.signal });
    } catch (error) {
      if (postOptions.signal?.aborted) throw error;
      onConnection?.(false);
      throw new ApiError('network', null);
    }
    onConnection?.(true);

    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new ApiError('unexpected', null, null, undefined, response.status);
    }
    if (!isEnvelope(parsed)) throw new ApiError('unexpected', null, null, undefined, response.status);

    const ts = typeof parsed.meta?.ts === 'string' ? parsed.meta.ts : null;
    if (parsed.status?.success === true && response.ok) return parsed.data as T;
    const data = parsed.data as { error?: unknown; details?: unknown } | undefined;
    const code = typeof data?.error === 'string' && data.error !== '' ? data.error : null;
    if (isSessionEndCode(code) && getToken() === token) onSessionRejected?.(code, token !== null);
    throw new ApiError(code ? 'api' : 'unexpected', code, ts, data?.details, response.status);
  }

  /** POSTs JSON to `path` (e.g. '/auth/login'); resolves with `data`, rejects with an ApiError. */
  function post<T>(path: string, body?: unknown, postOptions: PostOptions = {}): Promise<T> {
    const json = body === undefined ? '' : JSON.stringify(body);
    return send<T>(path, json, { 'Content-Type': 'application/json' }, postOptions);
  }

  /**
   * POSTs multipart/form-data (spec §7 /action/file/create); same answer handling as `post`. No
   * Content-Type of our own: the browser sets it with the multipart boundary.
   */
  function postForm<T>(path: string, formData: FormData, postOptions: PostOptions = {}): Promise<T> {
    return send<T>(path, formData, {}, postOptions);
  }

  return { post, postForm };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The app's client: VITE_API_BASE_URL (default '/api'), the stored token. The one place where an ended
 * session is noticed, whatever the call (a page's load, a form, the outbox, a location ping): the
 * session ends in the app and the login page says why (docs/decisions/044-session-end.md); and where
 * a missing connection is (docs/decisions/045-offline-signal-and-error-code.md).
 */
export const api = createApiClient({
  onSessionRejected: (code, hadToken) => endSession(hadToken ? code : null),
  onConnection: reportConnection,
});
