import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';

type ConfirmedActionProps = {
  /** The section's id: its heading and question are labelled from it. */
  id: string;
  /** The heading, the first button ('…' added) and the confirming one. */
  label: string;
  question: string;
  busy: boolean;
  onConfirm: () => void;
};

/**
 * A side panel's section for a change that cannot be taken back (cancel an action, deactivate a
 * promoter): one button asks first, in place, and only the second one acts. Give it a `key` of its
 * object so a question left open is not carried over to the next one.
 */
export function ConfirmedAction({ id, label, question, busy, onConfirm }: ConfirmedActionProps) {
  const [confirming, setConfirming] = useState(false);
  // The button pressed goes away: focus moves to the safe answer, and back to the button on 'Anuluj'.
  const ref = useOpenedFocus<HTMLElement>(confirming);
  return (
    <section ref={ref} className="side-panel__section" aria-labelledby={id}>
      <h3 id={id}>{label}</h3>
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>{question}</p>
          <div className="modal__actions">
            <Button data-focus-here variant="secondary" onClick={() => setConfirming(false)}>
              {pl.biuro.panel.cancel}
            </Button>
            <Button className="button--danger" busy={busy} onClick={onConfirm}>
              {label}
            </Button>
          </div>
        </div>
      ) : (
        <Button data-focus-here variant="secondary" onClick={() => setConfirming(true)}>
          {label}…
        </Button>
      )}
    </section>
  );
}
