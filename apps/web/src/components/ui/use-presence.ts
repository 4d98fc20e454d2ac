import { useEffect, useRef, useState } from 'react';

/** What a modal shows: nothing, its content, or its content on the way out (spec §9 close timeouts). */
export type Presence = { mounted: boolean; closing: boolean; generation: number };

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Keeps a closed surface mounted for `closeMs` so its close animation can play, then unmounts it. With
 * reduced motion there is no animation to wait for, so it goes at once. Each opening counts a new
 * `generation`: used as a key, reopening while it is still closing starts its content afresh, as a
 * plain `{open ? … : null}` did.
 */
export function usePresence(open: boolean, closeMs: number): Presence {
  const [state, setState] = useState<Presence>({ mounted: open, closing: false, generation: open ? 1 : 0 });

  // Derived during render (no extra frame with stale content): opening shows at once, closing starts the clock.
  if (open && (!state.mounted || state.closing)) {
    setState({ mounted: true, closing: false, generation: state.generation + 1 });
  } else if (!open && state.mounted && !state.closing) {
    setState({ ...state, closing: true });
  }

  const waiting = state.closing;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(
      () => setState((previous) => ({ ...previous, mounted: false, closing: false })),
      reducedMotion() ? 0 : closeMs,
    );
    return () => clearTimeout(timer);
  }, [waiting, closeMs]);

  return state;
}

/**
 * The last non-null value: a popup whose data is gone (an error popup closed in the store) keeps
 * showing it while it animates out.
 */
export function useLastPresent<T>(value: T | null): T | null {
  // A ref, not state: remembering must not render again (a selector may hand a new object each time).
  const last = useRef(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
