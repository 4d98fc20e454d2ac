import type { Action } from '@promotor/contract';
import * as pl from '../../../i18n/pl.ts';
import { isCancelled, isStarted } from '../action-rules.ts';

/** spec §2 Actions list: active (her status started), cancelled (hst_cancelled), and waiting in the outbox. */
export function ActionMarks({ action, pending }: { action: Action; pending: boolean }) {
  const marks = [
    isStarted(action) && { key: 'active', text: pl.actions.active },
    isCancelled(action) && { key: 'cancelled', text: pl.actions.cancelled },
    pending && { key: 'pending', text: pl.actions.pending },
  ].filter((mark) => mark !== false);
  if (marks.length === 0) return null;
  return (
    <span className="action-marks">
      {marks.map((mark) => (
        <span key={mark.key} className={`action-mark action-mark--${mark.key}`}>
          {mark.text}{' '}
        </span>
      ))}
    </span>
  );
}
