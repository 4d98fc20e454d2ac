import type { Action } from '@promotor/contract';
import { Link } from 'react-router';
import { classNames } from '../../../components/ui/class-names.ts';
import { formatActionTime } from '../action-format.ts';
import { isCancelled, isStarted, showsStartStopLink } from '../action-rules.ts';
import { ActionMarks } from './action-marks.tsx';
import { StartStopLink } from './start-stop-link.tsx';

export type ActionListItemProps = { action: Action; inProgress: boolean; now: Date };

/** One action of the list (spec §2): date D-M-Y, HH:mm–HH:mm, name, marks; the start/stop link when allowed. */
export function ActionListItem({ action, inProgress, now }: ActionListItemProps) {
  const { day, hours } = formatActionTime(action);
  return (
    <li
      className={classNames(
        'action-card',
        isStarted(action) && 'action-card--active',
        isCancelled(action) && 'action-card--cancelled',
        inProgress && 'action-card--in-progress',
      )}
    >
      <Link to={`/akcja/${action.uuid}`} className="action-card__link">
        <span className="action-card__when">
          {day} {hours}
        </span>{' '}
        <span className="action-card__name">{action.name}</span> <ActionMarks action={action} pending={inProgress} />
      </Link>
      {showsStartStopLink(action, now) ? <StartStopLink action={action} inProgress={inProgress} /> : null}
    </li>
  );
}
