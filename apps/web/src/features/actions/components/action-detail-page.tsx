import type { Action } from '@promotor/contract';
import * as pl from '../../../i18n/pl.ts';
import { isStarted } from '../action-rules.ts';
import { useActionProgress } from '../hooks/use-action-progress.ts';
import { ActionDetailButtons } from './action-detail-buttons.tsx';
import { ActionInfo } from './action-info.tsx';
import { ActionMarks } from './action-marks.tsx';
import './actions.css';

/** spec §2 Action detail (/akcja/{actionId}). */
export function ActionDetailPage({ action, onOpenVouchers }: { action: Action; onOpenVouchers?: (action: Action) => void }) {
  const inProgress = useActionProgress()(action.uuid);
  return (
    <div className="action-detail">
      <title>{pl.pageTitle(action.name)}</title>
      <h1>{action.name}</h1>
      <p className="action-detail__ident">
        {pl.actionDetail.ident}: <strong>{action.ident}</strong>
      </p>
      <ActionMarks action={action} pending={inProgress} />
      {isStarted(action) ? <p className="note">{pl.actionDetail.canEnd}</p> : null}
      <ActionInfo action={action} />
      <ActionDetailButtons action={action} inProgress={inProgress} onOpenVouchers={onOpenVouchers} />
    </div>
  );
}
