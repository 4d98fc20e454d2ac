import type { Action, ActionPoint } from '@promotor/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { startFormPath, startStep, type StartRefusal } from '../action-rules.ts';
import { useActionProgress } from './use-action-progress.ts';
import { useRunningAction } from './use-running-action.ts';

export type StartEntry = {
  /** Why she cannot go on, once she has tried (shown next to the link or button, id `noteId`). */
  refusal: StartRefusal | null;
  noteId: string;
  /** The location chooser is open. */
  choosing: boolean;
  /**
   * 'Rozpocznij'/'Zakończ' was pressed: answers the path to open, or null when a note or the
   * location chooser shows instead.
   */
  press: () => string | null;
  choose: (point: ActionPoint) => void;
  closeChooser: () => void;
};

/**
 * The way into the start (or finish) form, one for the list's link and the detail's button
 * (docs/decisions/046–048): refused with a note saying why, through the location chooser for an
 * action with more than one point, or straight on.
 */
export function useStartEntry(action: Action): StartEntry {
  const navigate = useNavigate();
  const noteId = useId();
  const step = startStep(action, useRunningAction(), useActionProgress()(action.uuid));
  const [shown, setShown] = useState<'note' | 'chooser' | null>(null);

  return {
    // Only while it still holds: a note disappears once the reason has gone (say the outbox sent).
    refusal: shown === 'note' && step.kind === 'refused' ? step.refusal : null,
    noteId,
    choosing: shown === 'chooser' && step.kind === 'choose-point',
    press: () => {
      if (step.kind === 'open') return step.path;
      setShown(step.kind === 'refused' ? 'note' : 'chooser');
      return null;
    },
    choose: (point) => void navigate(startFormPath(action, point)),
    closeChooser: () => setShown(null),
  };
}
