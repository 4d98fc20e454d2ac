import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import {
  agoText,
  exceptionKey,
  exceptionLabel,
  promoterTarget,
  queueOrder,
  wallTime,
  type LiveAction,
  type LiveException,
} from './live-view.ts';

type Props = {
  /** Each with its 'Sprawdzone' (who and when), the server's (decision 117). */
  exceptions: LiveException[];
  actions: LiveAction[];
  onCheck: (exception: LiveException, checked: boolean) => void;
  /** Why the last 'Sprawdzone' was not kept, in Polish. */
  failure: string | null;
  now: number;
  onShow: (markerId: string) => void;
};

/**
 * 'Wyjątki', the queue the territory's coordinators work through (issue 25): oldest first, each with a
 * way to the map and a 'Sprawdzone' that takes it out of the queue for all of them, saying who checked
 * it and when (decision 117); the checked ones stay one click away, to be put back.
 */
export function LiveExceptions({ exceptions, actions, onCheck, failure, now, onShow }: Props) {
  const [showChecked, setShowChecked] = useState(false);
  const ordered = queueOrder(exceptions);
  const open = ordered.filter((exception) => exception.checked === null);
  const done = ordered.filter((exception) => exception.checked !== null);
  const shown = showChecked ? ordered : open;
  const list = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After 'Sprawdzone' the item leaves the queue: focus goes to the next one's, so she can go on.
  const [focusNext, setFocusNext] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (focusNext === undefined) return;
    const item = focusNext ? [...(list.current?.children ?? [])].find((li) => (li as HTMLElement).dataset.key === focusNext) : undefined;
    const next = item?.querySelector<HTMLElement>('[data-check]');
    (next ?? heading.current)?.focus();
    setFocusNext(undefined);
  }, [focusNext]);
  const check = (exception: LiveException) => {
    const index = open.indexOf(exception);
    const next = open[index + 1] ?? open[index - 1];
    onCheck(exception, true);
    setFocusNext(next ? exceptionKey(next) : null);
  };

  return (
    <section className="live-panel live-exceptions" aria-labelledby="live-exceptions-title">
      <div className="live-panel__head">
        <h2 id="live-exceptions-title" ref={heading} tabIndex={-1}>
          {pl.biuroLive.exceptions.title}
        </h2>
        <span className="live-count" aria-live="polite">
          {pl.biuroLive.exceptions.count(open.length)}
        </span>
      </div>
      <p className="biuro-muted">{pl.biuroLive.exceptions.intro}</p>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {pl.biuroLive.exceptions.checkFailed(failure)}
        </p>
      ) : null}
      {exceptions.length === 0 ? <p className="biuro-state biuro-state--empty">{pl.biuroLive.exceptions.none}</p> : null}
      {exceptions.length > 0 && open.length === 0 && !showChecked ? (
        <p className="biuro-state biuro-state--empty">{pl.biuroLive.exceptions.allChecked}</p>
      ) : null}
      {shown.length > 0 ? (
        <ol className="live-queue" ref={list}>
          {shown.map((exception) => {
            const key = exceptionKey(exception);
            const isChecked = exception.checked !== null;
            const label = exceptionLabel(exception);
            const what = `${label} — ${exception.promoter.name}`;
            const action = actions.find((candidate) => candidate.uuid === exception.action.uuid);
            const target = action ? promoterTarget(action, exception.promoter.uuid) : null;
            return (
              <li
                key={key}
                data-key={key}
                className={`live-queue__item live-queue__item--${exception.kind}${isChecked ? ' live-queue__item--checked' : ''}`}
              >
                <p className="live-queue__kind">
                  <strong>{label}</strong>
                </p>
                <p>
                  {exception.promoter.name} · {exception.action.name}
                </p>
                <p className="biuro-muted">
                  <time dateTime={exception.since}>
                    {pl.biuroLive.exceptions.since(wallTime(exception.since), agoText(exception.since, now))}
                  </time>
                </p>
                {exception.checked ? (
                  <p className="biuro-muted">
                    {pl.biuroLive.exceptions.checkedBy(exception.checked.by.name, wallTime(exception.checked.at))}
                  </p>
                ) : null}
                <div className="live-queue__buttons">
                  {target ? (
                    <Button
                      variant="secondary"
                      className="biuro-row-button"
                      onClick={() => onShow(target)}
                      aria-label={`${pl.biuroLive.list.showOnMap}: ${what}`}
                    >
                      {pl.biuroLive.list.showOnMap}
                    </Button>
                  ) : null}
                  {isChecked ? (
                    <Button
                      variant="secondary"
                      className="biuro-row-button"
                      onClick={() => onCheck(exception, false)}
                      aria-label={pl.biuroLive.exceptions.uncheckOf(what)}
                    >
                      {pl.biuroLive.exceptions.uncheck}
                    </Button>
                  ) : (
                    <Button
                      className="biuro-row-button"
                      data-check
                      onClick={() => check(exception)}
                      aria-label={pl.biuroLive.exceptions.checkOf(what)}
                    >
                      {pl.biuroLive.exceptions.check}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {done.length > 0 ? (
        <button type="button" className="filter-bar__clear" aria-expanded={showChecked} onClick={() => setShowChecked((old) => !old)}>
          {showChecked ? pl.biuroLive.exceptions.hideChecked : pl.biuroLive.exceptions.showChecked(done.length)}
        </button>
      ) : null}
    </section>
  );
}
