import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { useActionProgress } from '../hooks/use-action-progress.ts';
import { runsNow } from '../action-rules.ts';
import { useActionsList } from '../hooks/use-actions-list.ts';
import { useNow } from '../hooks/use-now.ts';
import { useStatusAnnouncement } from '../hooks/use-status-announcement.ts';
import { ActionListItem } from './action-list-item.tsx';
import './actions.css';

/**
 * spec §2 Actions list (/akcje): what runs now (decision 111), of her current list (today's and later,
 * kept whole for the detail, the codes and the calendar). The saved list shows at once and is replaced
 * when the reload answers; an action whose change waits in the outbox stays until it is sent.
 * `notices`: what the app puts on top of the list from other features (her reports sent back, issue 33).
 */
export function ActionsPage({ notices }: { notices?: ReactNode } = {}) {
  const all = useAppStore((state) => state.actions.list);
  const { loadState, reload } = useActionsList();
  const inProgress = useActionProgress();
  const now = useNow();
  const list = all.filter((action) => runsNow(action, now) || inProgress(action.uuid));
  const announcement = useStatusAnnouncement(list, inProgress);

  return (
    <section className="actions-page">
      <title>{pl.pageTitle(pl.pages.actionsTitle)}</title>
      <h1>{pl.pages.actions}</h1>
      {/* Always in the page, so that what enters it is read out (a live region added with its text is not). */}
      <p className="actions-page__announcer" role="status">
        {announcement}
      </p>
      {notices}
      {list.length > 0 ? (
        <ul className="action-list" aria-busy={loadState === 'loading' || undefined}>
          {list.map((action) => (
            <ActionListItem key={action.uuid} action={action} inProgress={inProgress(action.uuid)} now={now} />
          ))}
        </ul>
      ) : loadState === 'loading' ? (
        <p className="actions-page__status" role="status">
          {pl.loading}
        </p>
      ) : loadState === 'failed' ? (
        <div className="actions-page__status">
          <p>{pl.actions.loadFailed}</p>
          <Button variant="secondary" onClick={reload}>
            {pl.actions.retry}
          </Button>
        </div>
      ) : (
        <p className="note">{all.length > 0 ? pl.actions.noneRunning : pl.actions.empty}</p>
      )}
    </section>
  );
}
