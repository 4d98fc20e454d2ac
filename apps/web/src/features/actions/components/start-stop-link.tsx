import type { Action } from '@promotor/contract';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import * as pl from '../../../i18n/pl.ts';
import { isStarted, startStopPath } from '../action-rules.ts';
import { useStartEntry } from '../hooks/use-start-entry.ts';
import { LocationChooser } from './location-chooser.tsx';
import { StartRefusalNote } from './start-refusal-note.tsx';
import '../../../components/ui/button.css';

/**
 * spec §2 Actions list: the start/stop link, dimmed while the action is in progress. It goes the way
 * the detail's button goes (useStartEntry): a note instead of the form when she cannot start now, the
 * location chooser first for an action with more than one point. Its address stays the form's, so a
 * new tab still lands on the start page, which checks the same rules.
 */
export function StartStopLink({ action, inProgress }: { action: Action; inProgress: boolean }) {
  const entry = useStartEntry(action);
  const label = isStarted(action) ? pl.actions.end : pl.actions.start;
  const follow = (event: MouseEvent) => {
    if (entry.press() === null) event.preventDefault();
  };
  return (
    <>
      <Link
        to={startStopPath(action)}
        className="button button--primary action-card__start-stop"
        aria-label={`${label}: ${action.name}`}
        aria-disabled={inProgress || undefined}
        aria-describedby={entry.refusal ? entry.noteId : undefined}
        onClick={follow}
      >
        {label}
      </Link>
      {entry.refusal ? <StartRefusalNote id={entry.noteId} refusal={entry.refusal} live /> : null}
      <LocationChooser open={entry.choosing} points={action.actionPoints} onChoose={entry.choose} onClose={entry.closeChooser} />
    </>
  );
}
