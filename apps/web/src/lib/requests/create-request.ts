// A request whose state several components share (docs/decisions/049-request-state-and-store-slices.md):
// loading, loaded or failed; calls made while one is under way share it; a refresh after a change
// never ends on an answer from before the change. The data itself goes where the feature keeps it
// (onSuccess, usually its store slice, persisted by spec §3); lib/ knows no feature and no store.
import { readToken } from '../storage/token.ts';

export type RequestStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export type RequestSnapshot = {
  status: RequestStatus;
  /** What the last failed call threw (an ApiError for an API call); null once one succeeds. */
  error: unknown;
  /** Calls started so far: a component can tell an answer it asked for from an older one. */
  runs: number;
};

export type RequestOptions<T> = {
  call: () => Promise<T>;
  /** Keeps the answer (e.g. in the feature's store slice); a throw here counts as a failure. */
  onSuccess?: (data: T) => void;
  /** Says the failure (e.g. its Polish toast, spec §8); the snapshot keeps it too. */
  onError?: (error: unknown) => void;
};

export type Request = {
  /** Calls, or joins the call under way. Resolves whether it succeeded; it never rejects. */
  run: () => Promise<boolean>;
  /**
   * The data changed (a check-in was accepted, a voucher redeemed…): calls again. A call under way
   * may answer from before the change, so one more follows it — one, however many changes come.
   */
  refresh: () => Promise<boolean>;
  snapshot: () => RequestSnapshot;
  subscribe: (listener: () => void) => () => void;
};

export function createRequest<T>({ call, onSuccess, onError }: RequestOptions<T>): Request {
  let snapshot: RequestSnapshot = { status: 'idle', error: null, runs: 0 };
  let current: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;
  /** The token the call under way was sent with. */
  let sentWith: string | null = null;
  const listeners = new Set<() => void>();

  const update = (change: Partial<RequestSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };

  const start = (): Promise<boolean> => {
    const token = readToken();
    // A refresh arranged in another session follows that session's call, not this one.
    if (token !== sentWith) next = null;
    sentWith = token;
    const stillOurs = () => readToken() === token;
    update({ status: 'loading', runs: snapshot.runs + 1 });
    // Through a promise, so that a call throwing at once fails like one failing later.
    const thisCall = new Promise<T>((resolve) => resolve(call()))
      .then((data) => {
        if (!stillOurs()) return false;
        onSuccess?.(data);
        update({ status: 'loaded', error: null });
        return true;
      })
      .catch((error: unknown) => {
        if (!stillOurs()) return false;
        onError?.(error);
        update({ status: 'failed', error });
        return false;
      })
      .finally(() => {
        if (current === thisCall) current = null;
      });
    current = thisCall;
    return thisCall;
  };

  // A call belongs to the session it was sent in (docs/decisions/071-answers-of-an-ended-session.md):
  // after a logout, or another promoter's login on this phone, the next page does not join a call
  // still under way, and that call's outcome is neither kept nor said.
  const underWay = () => (sentWith === readToken() ? current : null);
  const run = () => underWay() ?? start();

  return {
    run,
    refresh: () => {
      const busy = underWay();
      if (!busy) return start();
      if (!next) {
        const follow: Promise<boolean> = busy.then(() => {
          if (next === follow) next = null;
          return run();
        });
        next = follow;
      }
      return next;
    },
    snapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
