import { useCallback, useState } from 'react';

// 'Sprawdzone' (decision 094): what the coordinator has looked at, kept in this browser for the day
// under one key, replaced when the day changes (nothing of yesterday piles up). Local on purpose: the
// queue is hers to work through, not a shared state with an audit trail (a server-side
// acknowledgement would be a new call, table and audit verb).

const STORAGE_KEY = 'biuroLiveChecked';

type Stored = { day: string; keys: string[] };

function read(day: string): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    return stored && stored.day === day && Array.isArray(stored.keys) ? stored.keys.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function write(day: string, keys: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ day, keys } satisfies Stored));
  } catch {
    // A full or blocked storage: the marks last until the page is closed.
  }
}

/** The exceptions marked as checked today (`day`: YYYY-MM-DD on the server's clock), and how to change that. */
export function useCheckedExceptions(day: string) {
  const [state, setState] = useState(() => ({ day, keys: read(day) }));
  // The day changed while the page was open (a night shift): yesterday's marks no longer count.
  const keys = state.day === day ? state.keys : read(day);
  const set = useCallback(
    (key: string, checked: boolean) =>
      setState((old) => {
        const base = old.day === day ? old.keys : read(day);
        const next = checked ? [...new Set([...base, key])] : base.filter((other) => other !== key);
        write(day, next);
        return { day, keys: next };
      }),
    [day],
  );
  return { checked: new Set(keys), set };
}
