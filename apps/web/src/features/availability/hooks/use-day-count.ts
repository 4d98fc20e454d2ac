import { useSyncExternalStore } from 'react';

// Decision 059: three day columns on a phone (each ~100 px at 360 px: a readable 'Dostępność' and a
// finger-sized cell), a week from a tablet's width on.
const WIDE = '(min-width: 600px)';
export const PHONE_DAYS = 3;
export const WIDE_DAYS = 7;

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

function subscribe(listener: () => void): () => void {
  const media = query();
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/** How many day columns fit: 3 on a phone, 7 from 600 px on. */
export function useDayCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => (query()?.matches ? WIDE_DAYS : PHONE_DAYS),
    () => PHONE_DAYS,
  );
}
