import * as pl from '../../i18n/pl.ts';
import { Button } from '../../components/ui/button.tsx';
import type { QueryState } from '../lib/use-admin-query.ts';

/** While a page or its data loads. */
export function LoadingState({ text = pl.biuro.table.loading }: { text?: string }) {
  return (
    <div className="biuro-state" role="status">
      <span className="biuro-spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

/** A list with nothing in it for the filters chosen. */
export function EmptyState({ text = pl.biuro.table.empty }: { text?: string }) {
  return <p className="biuro-state biuro-state--empty">{text}</p>;
}

/** A failed load, with what the server said and a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="biuro-state biuro-state--error" role="alert">
      <p>
        {pl.biuro.table.failed} {message}
      </p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {pl.biuro.table.retry}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * What a list shows instead of its rows: the error with a retry, or the first load's spinner; nothing
 * once it has rows (a reload keeps the last answer on screen). null when the rows should show.
 */
export function queryStatus(list: QueryState<unknown> & { reload: () => void }) {
  if (list.status === 'failed') return <ErrorState message={list.message} onRetry={list.reload} />;
  if (list.status === 'loading' && !list.data) return <LoadingState />;
  return null;
}
