import { useEffect, type RefObject } from 'react';

/**
 * Each phase replaces the controls, so the focused button can vanish (the shutter, when the review
 * opens); focus then goes to the phase's [data-autofocus] control, so Tab and Escape keep working.
 */
export function useFocusStaysInside(ref: RefObject<HTMLElement | null>, phaseName: string) {
  useEffect(() => {
    const dialog = ref.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog || dialog.contains(document.activeElement)) return;
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();
  }, [ref, phaseName]);
}
