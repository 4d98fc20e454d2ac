import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import type { AdminBody, AdminData, AdminPath } from './admin-types.ts';

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

async function send(path: string, init: RequestInit, idempotencyKey: string): Promise<unknown> {
  const token = tokenSource.read();
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('Idempotency-Key', idempotencyKey);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, method: 'POST', headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', null);
  }
  const body = (await response.json().catch(() => null)) as EnvelopeLike | null;
  if (!body || typeof body.status?.success !== 'boolean') throw new ApiError('unexpected', null, null, undefined, response.status);
  const ts = typeof body.meta?.ts === 'string' ? body.meta.ts : null;
  if (body.status.success) return body.data;
  const data = body.data as { error?: unknown; details?: unknown } | undefined;
  const code = typeof data?.error === 'string' ? data.error : null;
  // Only a refusal of the token still kept ends the session: an answer to an older one says nothing.
  if (code && SESSION_END.includes(code) && token && token === tokenSource.read()) tokenSource.rejected(code);
  // details: E_VALIDATION's field issues; otherwise the failure's data (the import's data.errors).
  throw new ApiError('api', code, ts, data?.details ?? data, response.status);
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
