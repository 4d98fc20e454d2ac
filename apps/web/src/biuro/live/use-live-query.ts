import { useEffect, useState } from 'react';
import type { AdminBody } from '../api/admin-types.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { REFRESH_MS } from './live-view.ts';

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Whether the page's tab is in view (a hidden tab neither polls nor ticks). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(isVisible);
  useEffect(() => {
    const changed = () => setVisible(isVisible());
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible;
}

/** The clock the ages on screen are counted from, moved on every `everyMs` while `running`. */
function useNow(everyMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}

/**
 * /api/admin/live, asked again 30 s after each answer (or failure) while the tab is in view: a hidden
 * tab asks nothing, and on coming back asks at once if its data is older than that. Polling rather than
 * a push: the answer is read from the database, so with several server instances every promoter is in
 * it (issue 25), and a desk needs no open connection (decision 094).
 */
export function useLiveQuery(body: AdminBody<'/admin/live'>) {
  const query = useAdminQuery('/admin/live', body);
  const visible = usePageVisible();
  const now = useNow(5_000, visible);
  const [refreshedAt, setRefreshedAt] = useState<number | null>(null);
  const [settledAt, setSettledAt] = useState<number | null>(null);
  const { status, data, reload } = query;

  useEffect(() => {
    if (status === 'loading') return;
    const at = Date.now();
    setSettledAt(at);
    if (status === 'loaded') setRefreshedAt(at);
  }, [status, data]);

  useEffect(() => {
    if (!visible || status === 'loading' || settledAt === null) return;
    const timer = setTimeout(reload, Math.max(0, settledAt + REFRESH_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [visible, status, settledAt, reload]);

  return { ...query, visible, now, refreshedAt };
}
