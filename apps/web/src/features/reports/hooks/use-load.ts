import { useCallback, useEffect, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * A load of one page's own data (a report, its receipts, its photos): loading until the answer for the
 * current key arrives, an older key's late answer ignored; `reload` asks again. Not shared, not kept:
 * what another page needs goes through lib/requests and the store instead.
 */
export function useLoad<T>(key: string | null, load: (key: string) => Promise<T>): { state: Load<T> | null; reload: () => void } {
  const [run, setRun] = useState(0);
  const [state, setState] = useState<{ key: string; run: number; load: Load<T> } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState({ key, run, load: { status: 'loading' } });
    load(key).then(
      (data) => current && setState({ key, run, load: { status: 'loaded', data } }),
      (error: unknown) => current && setState({ key, run, load: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [key, run, load]);

  const reload = useCallback(() => setRun((n) => n + 1), []);
  if (key === null) return { state: null, reload };
  return { state: state && state.key === key && state.run === run ? state.load : { status: 'loading' }, reload };
}
