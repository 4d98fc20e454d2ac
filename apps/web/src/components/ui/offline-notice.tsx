import * as pl from '../../i18n/pl.ts';
import { useOffline } from '../../lib/connection.ts';
import './offline-notice.css';

/**
 * The one calm sign of a missing connection (docs/decisions/045-offline-signal-and-error-code.md): a
 * strip in the page's flow — under the header's bar, or at the top of the login card — never a toast.
 * The live region stays in the page (empty while online) so that screen readers hear it come and go.
 */
export function OfflineNotice() {
  const offline = useOffline();
  return (
    <p className="offline-notice" role="status">
      {offline ? pl.connection.offline : null}
    </p>
  );
}
