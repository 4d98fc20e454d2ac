import type { WebformErrors } from '@promotor/contract/rules';
import { useState } from 'react';

// Steps 2 and 3 are controlled: their values live in the webform's slice (they survive a reload) and
// come in as props, so the form kit's own value state (useFormKit) does not fit. What the two steps
// keep themselves is only which messages are shown (spec §5: on blur, under each field; all on the
// step's button), over the contract's messages computed from the values each render.

/** Which of `problems` (the contract's messages by path, for the current values) are shown. */
export function useShownMessages(problems: WebformErrors) {
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  return {
    /** The field's message once it was left (or the step's button pressed); follows the value from then on. */
    messageOf: (path: string): string | null => (shown.has(path) ? (problems[path] ?? null) : null),
    /** The fields were left: their messages show. */
    show: (...paths: string[]) => setShown((previous) => new Set([...previous, ...paths])),
    /** The step's button: every message shows; answers whether there is none. */
    showAll: (): boolean => {
      const paths = Object.keys(problems).filter((path) => problems[path] !== undefined);
      setShown((previous) => new Set([...previous, ...paths]));
      return paths.length === 0;
    },
  };
}

/**
 * Focuses the first control of `form`, in the order she sees them, whose name has a message (spec §5 via
 * decision 050: submit focuses the first invalid field). Disabled controls are skipped.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, problems: WebformErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLElement)) continue;
    const name = element.getAttribute('name');
    if (name === null || problems[name] === undefined || element.matches(':disabled')) continue;
    element.focus();
    return;
  }
}
