import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { currentActionsRequest } from '../actions-store.ts';
import './actions.css';

/**
 * A page made for her current action (/photos, /webform) loads her list itself (decision 075): opened
 * first — a link, a wrapper restarted with its store cleared, a tap in the menu before /akcje answered —
 * it would otherwise say 'Brak aktywnych akcji' during a started action, and go on saying it. A
 * started action already kept shows at once (the reload then only corrects it); without one, the page
 * waits for the answer, and a failed load says so, with 'Spróbuj ponownie', instead of 'none'.
 */
export function CurrentActionGate({ title, children }: { title: string; children: ReactNode }) {
  const current = useAppStore((state) => state.actions.currentAction);
  const { status, reload } = useRequest(currentActionsRequest);
  if (current || (status !== 'loading' && status !== 'failed')) return children;
  return (
    <section>
      <title>{pl.pageTitle(title)}</title>
      <h1>{title}</h1>
      {status === 'loading' ? (
        <p className="actions-page__status" role="status">
          {pl.loading}
        </p>
      ) : (
        <div className="actions-page__status" role="alert">
          <p>{pl.actions.loadFailed}</p>
          <Button variant="secondary" onClick={reload}>
            {pl.actions.retry}
          </Button>
        </div>
      )}
    </section>
  );
}
