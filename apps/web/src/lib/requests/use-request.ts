import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Request, RequestStatus } from './create-request.ts';

export type RequestView = {
  /** 'loading' from the first render of a component that asks, until its answer is in. */
  status: RequestStatus;
  error: unknown;
  /** Calls again (say a 'Spróbuj ponownie' button), joining a call under way. */
  reload: () => void;
};

/**
 * A component's view of a shared request: while `enabled`, it calls when the component mounts (or
 * becomes enabled), and shows 'loading' until that call has answered — never, for one render, the
 * result of an older call it did not ask for (the list would flash 'no actions' before its load).
 */
export function useRequest(request: Request, { enabled = true }: { enabled?: boolean } = {}): RequestView {
  const snapshot = useSyncExternalStore(request.subscribe, request.snapshot, request.snapshot);
  // The call this component waits for (its number in snapshot.runs), null until it has asked.
  const [awaited, setAwaited] = useState<number | null>(null);
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (wasEnabled !== enabled) {
    setWasEnabled(enabled);
    setAwaited(null);
  }

  useEffect(() => {
    if (!enabled) return;
    void request.run();
    setAwaited(request.snapshot().runs);
  }, [request, enabled]);

  const reload = useCallback(() => void request.run(), [request]);
  const waiting = enabled && (awaited === null || snapshot.runs < awaited);
  return { status: waiting ? 'loading' : snapshot.status, error: snapshot.error, reload };
}
