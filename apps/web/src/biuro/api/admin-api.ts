import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import type { AdminBody, AdminCsvPath, AdminData, AdminFilePath, AdminPath, AdminProofPath } from './admin-types.ts';

// The back office's calls (issue 24): the envelope and error codes of spec §7 under /api/admin, with
// the staff member's bearer token — never the promoter app's. Its own small client rather than the
// promoter app's: that one reads her token and ends her session, and the CSV import sends a form
// with `file` and `dryRun`, not the app's `_input` and `files[]` (decision 089).

export type StaffTokenSource = {
  read: () => string | null;
  /** Called when the server no longer takes the token kept (E_UNAUTHORIZED, E_EXPIRED). */
  rejected: (code: string) => void;
};

let tokenSource: StaffTokenSource = { read: () => null, rejected: () => {} };

/** The session module tells the client where the token is and whom to tell when it is refused. */
export function setStaffTokenSource(source: StaffTokenSource): void {
  tokenSource = source;
}

type EnvelopeLike = { status?: { success?: unknown }; data?: unknown; meta?: { ts?: unknown } };

const SESSION_END = ['E_UNAUTHORIZED', 'E_EXPIRED'];

/** The bearer token kept, and the headers every call carries. */
function headersWith(init: HeadersInit | undefined, accept: string): { headers: Headers; token: string | null } {
  const token = tokenSource.read();
  const headers = new Headers(init);
  headers.set('Accept', accept);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { headers, token };
}

async function fetchOrNetworkError(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', null);
  }
}

/** A failure envelope's code as an ApiError; a refusal of the token still kept ends the session. */
function refusal(body: EnvelopeLike | null, response: Response, token: string | null): ApiError {
  if (!body || typeof body.status?.success !== 'boolean') return new ApiError('unexpected', null, null, undefined, response.status);
  const ts = typeof body.meta?.ts === 'string' ? body.meta.ts : null;
  const data = body.data as { error?: unknown; details?: unknown } | undefined;
  const code = typeof data?.error === 'string' ? data.error : null;
  // Only a refusal of the token still kept ends the session: an answer to an older one says nothing.
  if (code && SESSION_END.includes(code) && token && token === tokenSource.read()) tokenSource.rejected(code);
  // details: E_VALIDATION's field issues; otherwise the failure's data (the import's data.errors).
  return new ApiError('api', code, ts, data?.details ?? data, response.status);
}

const answersJson = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('json');

async function send(path: string, init: RequestInit, idempotencyKey: string): Promise<unknown> {
  const { headers, token } = headersWith(init.headers, 'application/json');
  headers.set('Idempotency-Key', idempotencyKey);
  const response = await fetchOrNetworkError(`/api${path}`, { ...init, method: 'POST', headers });
  const body = (await response.json().catch(() => null)) as EnvelopeLike | null;
  if (body?.status?.success === true) return body.data;
  throw refusal(body, response, token);
}

export type CallOptions = { idempotencyKey?: string; signal?: AbortSignal };

/** A JSON call under /api/admin: resolves with the answer's `data`, rejects with an ApiError. */
export async function adminCall<P extends AdminPath>(path: P, body: AdminBody<P>, options: CallOptions = {}): Promise<AdminData<P>> {
  const init: RequestInit = { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' }, signal: options.signal };
  return (await send(path, init, options.idempotencyKey ?? newIdempotencyKey())) as AdminData<P>;
}

/** A multipart call (the CSV import): the browser sets the content type with its boundary. */
export async function adminUpload<T>(path: string, form: FormData, options: CallOptions = {}): Promise<T> {
  return (await send(path, { body: form, signal: options.signal }, options.idempotencyKey ?? newIdempotencyKey())) as T;
}

/**
 * A binary call (a report's photo or receipt, decision 095): POST with the JSON body and the bearer
 * token — an <img src> cannot carry the token — answered by the file itself, or a failure envelope.
 * A photo in the bucket answers 303 to its presigned address (decision 130), which fetch follows as a
 * GET in CORS mode; the browser drops the token on that cross-origin hop. No Idempotency-Key (a read
 * keeps nothing): the hop then carries only safelisted headers, so the bucket is asked no preflight.
 */
export async function adminFile(path: AdminFilePath, body: unknown, options: Pick<CallOptions, 'signal'> = {}): Promise<Blob> {
  const { headers, token } = headersWith({ 'Content-Type': 'application/json' }, 'image/*, application/json');
  const response = await fetchOrNetworkError(`/api${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (response.ok && !answersJson(response)) return response.blob();
  throw refusal((await response.json().catch(() => null)) as EnvelopeLike | null, response, token);
}

/** A downloaded export: the file and the name the server gave it (Content-Disposition). */
export type Download = { blob: Blob; fileName: string | null };

/**
 * A consumer's consent proof (issue 26, decision 100): POST with the JSON body, answered by the file.
 * Its JSON format is itself JSON, so a 2xx answer is the file whatever its type; a refusal is an
 * envelope with a 4xx or 5xx status.
 */
export async function adminProof(
  path: AdminProofPath,
  body: AdminBody<'/admin/consumers/history'> & { format: 'json' | 'pdf' },
): Promise<Download> {
  const { headers, token } = headersWith({ 'Content-Type': 'application/json' }, 'application/pdf, application/json');
  headers.set('Idempotency-Key', newIdempotencyKey());
  const response = await fetchOrNetworkError(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (response.ok) return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  throw refusal((await response.json().catch(() => null)) as EnvelopeLike | null, response, token);
}

/**
 * A CSV export (route kind 'csv'): GET with the filter in the query string and the bearer token (a
 * plain link cannot carry it), read whole into a Blob for the browser to save.
 */
export async function adminDownload(
  path: AdminCsvPath,
  query: Record<string, string>,
  options: Pick<CallOptions, 'signal'> = {},
): Promise<Download> {
  const { headers, token } = headersWith(undefined, 'text/csv, application/json');
  const search = new URLSearchParams(query).toString();
  const response = await fetchOrNetworkError(`/api${path}${search ? `?${search}` : ''}`, {
    method: 'GET',
    headers,
    signal: options.signal,
  });
  if (response.ok && !answersJson(response)) {
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  }
  throw refusal((await response.json().catch(() => null)) as EnvelopeLike | null, response, token);
}

/** The file name of a Content-Disposition header: its RFC 5987 `filename*` first, else `filename`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}
