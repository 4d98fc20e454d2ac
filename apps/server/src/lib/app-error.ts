import { ERROR_STATUS, type ErrorCode } from '@promotor/contract';
import type { AuditObjectType } from './audit-readers.ts';

/** What a caller named and was refused or did not find, by kind: what the audit log records (decision 109). */
export type Tried = { type: AuditObjectType; ids: readonly string[] };

/**
 * A failure the client should see: carries a code of the contract and, optionally, safe details and
 * fields of `data` beside `error` (the plan import's `data.errors`, decision 087), and what was tried
 * (never sent: the audit log's, see `refusedTry`).
 */
export class AppError extends Error {
  readonly statusCode: number;
  tried: readonly Tried[] = [];
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    readonly data?: Record<string, unknown>,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}

/**
 * An answer about objects the caller named: not found, or not hers — one answer for both (decision
 * 109). The back office's audit trail records what was tried (plugins/audit-trail.ts).
 */
export function refusedTry(code: ErrorCode, tried: Tried | readonly Tried[], details?: unknown, data?: Record<string, unknown>): AppError {
  const error = new AppError(code, details, data);
  error.tried = (Array.isArray(tried) ? tried : [tried]).filter((t: Tried) => t.ids.length > 0);
  return error;
}
