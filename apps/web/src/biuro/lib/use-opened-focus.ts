import { useEffect, useRef } from 'react';

/**
 * The button that opened a form in place goes away: focus moves to the form's first field (the one
 * marked data-focus-here), and back to the opening button when it closes.
 */
export function useOpenedFocus<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open || wasOpen.current) ref.current?.querySelector<HTMLElement>('[data-focus-here]')?.focus();
    wasOpen.current = open;
  }, [open]);
  return ref;
}
