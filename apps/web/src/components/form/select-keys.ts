// spec §9 select sizes: the menu is at most 300 px high; it needs at least 140 px, and Page Up/Down move five.
export const MENU_MAX_HEIGHT = 300;
export const MENU_MIN_HEIGHT = 140;
export const MENU_PAGE_SIZE = 5;

/** The option the key moves to, or null for a key the menu does not use. */
export function nextActive(key: string, active: number, count: number): number | null {
  const last = Math.max(count - 1, 0);
  const clamp = (index: number) => Math.min(Math.max(index, 0), last);
  switch (key) {
    case 'ArrowDown':
      return clamp(active + 1);
    case 'ArrowUp':
      return clamp(active - 1);
    case 'PageDown':
      return clamp(active + MENU_PAGE_SIZE);
    case 'PageUp':
      return clamp(active - MENU_PAGE_SIZE);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

export type MenuPlacement = { side: 'below' | 'above'; maxHeight: number };

/**
 * Below the control unless fewer than 140 px fit there and more fit above (react-select's rule, whose
 * defaults spec §9 lists); never taller than 300 px nor than the room it has, but at least 140 px.
 */
export function menuPlacement(control: Pick<DOMRect, 'top' | 'bottom'> | undefined, viewportHeight: number): MenuPlacement {
  const margin = 8;
  const below = control ? viewportHeight - control.bottom - margin : MENU_MAX_HEIGHT;
  const above = control ? control.top - margin : 0;
  const side = below < MENU_MIN_HEIGHT && above > below ? 'above' : 'below';
  const room = side === 'below' ? below : above;
  return { side, maxHeight: Math.max(MENU_MIN_HEIGHT, Math.min(MENU_MAX_HEIGHT, room)) };
}
