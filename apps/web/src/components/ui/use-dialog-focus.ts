import { useEffect, useRef, type RefObject } from 'react';
import { tabbables } from './tabbable.ts';

/** The dialogs open now, the newest last: only the top one handles keys (a photo over a side panel). */
const openDialogs: HTMLElement[] = [];

/** A focusable edge just outside the dialog: Tab reaching it goes round to the other end. */
function focusGuard(onFocus: () => void): HTMLSpanElement {
  const guard = document.createElement('span');
  guard.tabIndex = 0;
  guard.dataset.focusGuard = '';
  guard.addEventListener('focus', onFocus);
  return guard;
}

/**
 * Where focus goes back to: the element that had it, or, when that is gone (the table's row re-drawn
 * without it), the first stop in the nearest of its old ancestors still on the page.
 */
function returnFocus(returnTo: HTMLElement | null, ancestors: HTMLElement[]): void {
  if (returnTo?.isConnected) {
    returnTo.focus();
    return;
  }
  const near = ancestors.find((ancestor) => ancestor.isConnected);
  if (near) (tabbables(near)[0] ?? near).focus();
}

/**
 * Keyboard behaviour of a modal surface (popup, side menu): focus moves into it, Tab and Shift+Tab stay
 * inside, Escape closes, and focus returns to where it was when it closes. `active` goes false when it
 * starts closing: focus returns then, not after the close animation, and Escape no longer closes it twice.
 *
 * Tab is left to the browser inside the dialog (a date input's day, month and year, a radio group's
 * arrows), and caught at two guards around it; a Tab pressed while focus is nowhere (the focused button
 * was replaced by a message) or outside it comes back in.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, onClose: () => void, active = true): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const container = ref.current;
    if (!container || !active) return;
    const returnTo =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const ancestors: HTMLElement[] = [];
    for (let node = returnTo?.parentElement; node && node !== document.body; node = node.parentElement) ancestors.push(node);

    const first = () => (tabbables(container)[0] ?? container).focus();
    const last = () => (tabbables(container).at(-1) ?? container).focus();
    const before = focusGuard(last);
    const after = focusGuard(first);
    container.before(before);
    container.after(after);
    openDialogs.push(container);
    first();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== container) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && !container.contains(document.activeElement)) {
        event.preventDefault();
        if (event.shiftKey) last();
        else first();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(container), 1);
      before.remove();
      after.remove();
      returnFocus(returnTo, ancestors);
    };
  }, [ref, active]);
}
