const CANDIDATES = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function reachable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[hidden], [inert]')) return false;
  // Not laid out (display: none, or inside a closed <details>); jsdom has no layout and no checkVisibility.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true;
}

/**
 * The elements Tab stops at inside `container`, in order (positive tabindex is not used in this app).
 * A radio group is one stop, as the browser makes it: its checked radio, or its first when none is.
 * A few lines rather than a library (tabbable): the phone's bundle carries this too.
 */
export function tabbables(container: HTMLElement): HTMLElement[] {
  const all = [...container.querySelectorAll<HTMLElement>(CANDIDATES)].filter(reachable);
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = all.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name && other.form === element.form,
    );
    return element === (group.find((radio) => radio.checked) ?? group[0]);
  });
}
