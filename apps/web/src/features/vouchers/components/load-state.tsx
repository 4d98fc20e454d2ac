import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { RequestStatus } from '../../../lib/requests/index.ts';

export type LoadStateProps = { status: RequestStatus; loading: string; failed: string; empty: string; onRetry: () => void };

/** What a popup says while it has nothing to list: loading, failed (with a retry), or truly empty. */
export function LoadState({ status, loading, failed, empty, onRetry }: LoadStateProps) {
  if (status === 'loading' || status === 'idle') {
    return (
      <p className="note" role="status">
        {loading}
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <div role="alert">
        <p className="note">{failed}</p>
        <Button variant="secondary" onClick={onRetry}>
          {pl.vouchers.retry}
        </Button>
      </div>
    );
  }
  return <p className="note">{empty}</p>;
}
