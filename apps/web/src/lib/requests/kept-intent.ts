import { ApiError, endsSession } from '../api-client.ts';

// An intent sent with a kept Idempotency-Key (docs/decisions/082-the-store-knows-no-feature.md; the
// webform's registration, decision 068; the member-get-member calls, decision 070): one policy, where
// each feature keeps its intent in its own saved slice.

/** Where a feature keeps its intent (a key, or a key with the whole body) while it may be sent again. */
export type IntentKeeping<I> = {
  /** The intent of an earlier try not answered yet (after a reload too: it is in the saved state). */
  kept: () => I | null | undefined;
  keep: (intent: I) => void;
  forget: () => void;
};

/**
 * Whether the call may have been done by the server although no answer said so: then a retry must be
 * the same request (its key kept) to be replayed rather than done twice. A lost connection; the first
 * try still running (E_IDEMPOTENCY_IN_PROGRESS); a 5xx page that is not the server's envelope — a
 * gateway's (a timeout, a restart), behind which the server may have done it, and it keeps no 5xx under
 * the key, so the same request runs it if it was not; anything that is not an answer at all.
 */
export function mayHaveBeenDone(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === 'network' || error.code === 'E_IDEMPOTENCY_IN_PROGRESS') return true;
  return error.code === null && (error.httpStatus ?? 0) >= 500;
}

/**
 * Sends the kept intent, or a new one (`make`) kept before it is sent — a reload mid-call keeps it
 * too — so a retry after a lost connection or a reload replays the server's first answer instead of
 * doing it twice. `send` is the call and what is done with its answer: the intent is forgotten once
 * that is over, or once the server refused it; it stays while the call may have been done
 * (mayHaveBeenDone). An answer that ended her session leaves it alone: her saved state went with it.
 */
export async function withKeptIntent<I, T>(
  keeping: IntentKeeping<I>,
  make: () => I | Promise<I>,
  send: (intent: I) => Promise<T>,
): Promise<T> {
  let intent = keeping.kept();
  if (intent === null || intent === undefined) {
    intent = await make();
    keeping.keep(intent);
  }
  try {
    const answer = await send(intent);
    keeping.forget();
    return answer;
  } catch (error) {
    if (!endsSession(error) && !mayHaveBeenDone(error)) keeping.forget();
    throw error;
  }
}
