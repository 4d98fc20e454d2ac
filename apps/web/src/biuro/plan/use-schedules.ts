import { useEffect, useState } from 'react';
import { adminCall } from '../api/admin-api.ts';
import type { AdminBody, PromoterSchedule } from '../api/admin-types.ts';

type Body = AdminBody<'/admin/actions/schedules'>;
export type Schedules = { days: { since: string; until: string }; promoters: PromoterSchedule[] };

/**
 * The promoters' schedules beside an action being planned (decision 126), read again when the body
 * changes; null body: nothing to read yet (the form's times are not complete). A failure shows
 * nothing: the schedules help, the server's check on saving still holds.
 */
export function useSchedules(body: Body | null, version = ''): { schedules: Schedules | null; loading: boolean } {
  const key = body ? JSON.stringify(body) : null;
  const [state, setState] = useState<{ key: string | null; schedules: Schedules | null; loading: boolean }>({
    key: null,
    schedules: null,
    loading: false,
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((old) => ({ ...old, loading: true }));
    adminCall('/admin/actions/schedules', JSON.parse(key) as Body, { signal: controller.signal }).then(
      (schedules) => setState({ key, schedules, loading: false }),
      () => {
        if (!controller.signal.aborted) setState({ key, schedules: null, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, version]);

  return key === null ? { schedules: null, loading: false } : { schedules: state.schedules, loading: state.loading };
}
