import { useCallback, useEffect, useState } from 'react';
import { adminCall } from '../api/admin-api.ts';
import type { AdminBody, AdminData, AdminPath } from '../api/admin-types.ts';
import { errorMessage } from './error-message.ts';

export type QueryState<T> =
  { status: 'loading'; data: T | null } | { status: 'loaded'; data: T } | { status: 'failed'; data: T | null; message: string };

/**
 * Loads a list call's answer and loads it again when its body changes (a filter, a page); the last
 * answer stays on screen while the next one loads. An answer to an older body is dropped.
 */
export function useAdminQuery<P extends AdminPath>(path: P, body: AdminBody<P>) {
  const key = JSON.stringify(body);
  const [state, setState] = useState<QueryState<AdminData<P>>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((old) => ({ status: 'loading', data: old.data }));
    adminCall(path, JSON.parse(key) as AdminBody<P>, { signal: controller.signal }).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((old) => ({ status: 'failed', data: old.data, message: errorMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [path, key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
