import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import * as pl from '../../../i18n/pl.ts';
import type { StartRefusal } from '../action-rules.ts';

const t = pl.actions;

export type StartRefusalNoteProps = {
  refusal: StartRefusal;
  id?: string;
  /** Announced as it appears (after a tap); a page that opens with it reads it as its content. */
  live?: boolean;
};

/** Why she cannot start (or finish) the action now, in place of the form (decisions 046, 047). */
export function StartRefusalNote({ refusal, id, live = false }: StartRefusalNoteProps) {
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the note under the detail's button may open below the fold: bring all of it (and its
  // link) into view. jsdom has no scrollIntoView.
  useEffect(() => {
    if (live) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [live]);
  return (
    <div ref={ref} id={id} className="note start-refusal" role={live ? 'alert' : undefined}>
      {refusal.reason === 'other-running' ? (
        <>
          <p>{t.otherRunning(refusal.running.name)}</p>
          <p>
            <Link to={`/akcja/koniec/${refusal.running.uuid}`}>{t.goToFinish(refusal.running.name)}</Link>
          </p>
        </>
      ) : (
        <p>{refusal.reason === 'no-point' ? t.noPoint : t.waiting}</p>
      )}
    </div>
  );
}
