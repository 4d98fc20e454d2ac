import { ERROR_STATUS, isErrorCode } from '@promotor/contract/error-codes';

/** What a failure says of itself: an ApiError, or what a feature kept of one (the MGM error status). */
export type FailureKind = { kind: string; code: string | null };

/**
 * Whether the same call, made again now, may answer otherwise — so whether 'Spróbuj ponownie' is worth
 * offering (decision 075). Yes after no answer (no connection, a page left mid-call, an answer that was
 * not the API's), a server failure (5xx) or a call still being processed; no after a refusal (4xx: not
 * found, already invited, not allowed…), which a retry only repeats. A limit says itself when to try again.
 */
export function retryMayHelp(failure: unknown): boolean {
  const { kind, code } = (failure ?? {}) as Partial<FailureKind>;
  if (kind !== 'api' || !code) return true;
  if (code === 'E_IDEMPOTENCY_IN_PROGRESS') return true;
  return !isErrorCode(code) || ERROR_STATUS[code] >= 500;
}
