import { ERROR_STATUS, type ErrorCode } from '@promotor/contract';

/**
 * A failure the client should see: carries a code of the contract and, optionally, safe details and
 * fields of `data` beside `error` (the plan import's `data.errors`, decision 087).
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    readonly data?: Record<string, unknown>,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}
