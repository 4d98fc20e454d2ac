import type { ErrorEnvelope, SuccessEnvelope } from '@promotor/contract';

// meta.ts is what a user quotes to support; it is logged with the request id (plugins/errors.ts).
/** `meta`: what a route's meta carries beside ts (the route table's `meta`, e.g. /lead/register's bc). */
export function success<T>(data: T, ts: string, meta?: Record<string, unknown>): SuccessEnvelope<T> {
  return { status: { success: true }, data, meta: { ...meta, ts } };
}

export function failure(error: string, ts: string, details?: unknown, data?: Record<string, unknown>): ErrorEnvelope {
  return {
    status: { success: false },
    data: { error, ...(details === undefined ? {} : { details }), ...data },
    meta: { ts },
  };
}
