import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { useActionProgress } from '../hooks/use-action-progress.ts';
import { useActionsList } from '../hooks/use-actions-list.ts';
import { ActionListItem } from './action-list-item.tsx';
import './actions.css';

/**
 * spec §2 Actions list (/akcje). The saved list shows at once and is replaced when the reload answers.
 * `notices`: what the app puts on top of the list from other features (her reports sent back, issue 33).
 */
export function ActionsPage({ notices }: { notices?: ReactNode } = {}) {
  const list = useAppStore((state) => state.actions.list);
  const { loadState, reload } = useActionsList();
  const inProgress = useActionProgress();
  const now = new Date();

  return (
    <section className="actions-page">
      <title>{pl.pageTitle(pl.pages.actions)}</title>
      <h1>{pl.pages.actions}</h1>
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
        <p className="note">{pl.actions.empty}</p>
      )}
    </section>
  );
}
