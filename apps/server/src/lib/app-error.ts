import { ERROR_STATUS, type ErrorCode } from '@promotor/contract';

/** A failure the client should see: carries a code of the contract and, optionally, safe details. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}
