import type { Action } from '@promotor/contract';
import type { ReactNode } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useAction } from '../hooks/use-action.ts';
import './actions.css';

export type ActionGateProps = {
  actionId: string | undefined;
  /** A heading for the loading and not-found states of a page whose heading is the action's name. */
  title?: string;
  children: (action: Action) => ReactNode;
};

/** The action of the address from her list, a loading line, or 'not found' (the page keeps its back link). */
export function ActionGate({ actionId, title, children }: ActionGateProps) {
  const lookup = useAction(actionId);
  if (lookup.state === 'found') return children(lookup.action);
  return (
    <>
      {title ? (
        <>
          <title>{pl.pageTitle(title)}</title>
          <h1>{title}</h1>
        </>
      ) : null}
      {lookup.state === 'loading' ? (
        <p className="actions-page__status" role="status">
          {pl.loading}
        </p>
      ) : (
        <p className="note" role="alert">
          {pl.actionDetail.notFound}
        </p>
      )}
    </>
  );
}
