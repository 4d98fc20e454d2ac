import type { Action } from '@promotor/contract';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import * as pl from '../../../i18n/pl.ts';
import { isStarted, startStopPath } from '../action-rules.ts';
import '../../../components/ui/button.css';

/** spec §2 Actions list: the start/stop link, dimmed (and inert) while the action is in progress. */
export function StartStopLink({ action, inProgress }: { action: Action; inProgress: boolean }) {
  const label = isStarted(action) ? pl.actions.end : pl.actions.start;
  const stop = (event: MouseEvent) => {
    if (inProgress) event.preventDefault();
  };
  return (
    <Link
      to={startStopPath(action)}
      className="button button--primary action-card__start-stop"
      aria-label={`${label}: ${action.name}`}
      aria-disabled={inProgress || undefined}
      onClick={stop}
    >
      {label}
    </Link>
  );
}
