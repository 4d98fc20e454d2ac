import * as pl from '../../i18n/pl.ts';
import type { LiveAnswer } from '../api/admin-types.ts';
import { wallTime } from './live-view.ts';

/** The server's log warns at the same bound (PENDING_WARN_MS, decision 130). */
export const PENDING_FILES_LATE_MS = 10 * 60_000;

/**
 * Files waiting for the bucket (decision 130): said only when some wait; stronger once the oldest has
 * waited over ten minutes, when it is no longer a blip but an outage someone should look at.
 */
export function LivePendingFiles({ pending, now }: { pending: LiveAnswer['pendingFiles']; now: number }) {
  if (!pending || pending.count === 0 || !pending.oldestAt) return null;
  const late = now - Date.parse(pending.oldestAt) > PENDING_FILES_LATE_MS;
  return (
    <p role="status" className={`live-files${late ? ' live-files--late' : ''}`}>
      {pl.biuroLive.pendingFiles(pending.count, wallTime(pending.oldestAt))}
      {late ? <strong className="live-files__late">{pl.biuroLive.pendingFilesLate}</strong> : null}
    </p>
  );
}
