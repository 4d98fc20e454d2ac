import { toWallClock } from '@promotor/contract/wall-clock';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { appTimeZone } from '../../../lib/dates/app-time-zone.ts';
import { useRequest, type RequestView } from '../../../lib/requests/index.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import { useOlderPages } from '../hooks/use-older-pages.ts';
import { inboxRequest } from '../notifications-store.ts';
import { isRead } from '../pending-reads.ts';
import { markAllRead } from '../submit/outbox-kinds.ts';
import { NotificationItem } from './notification-item.tsx';
import { PushControl } from './push-control.tsx';
import './notifications.css';

const t = pl.notifications;

/** The load's state where nothing kept can stand in for it; above what was kept when a reload failed. */
function LoadStatus({ view, kept }: { view: RequestView; kept: boolean }) {
  if (view.status === 'failed')
    return (
      <div className="notifications-page__status">
        <p>{kept ? t.offline : t.loadFailed}</p>
        <Button variant="secondary" onClick={view.reload}>
          {t.retry}
        </Button>
      </div>
    );
  if (!kept && view.status !== 'loaded')
    return (
      <p className="notifications-page__status" role="status">
        {t.loading}
      </p>
    );
  if (!kept) return <p className="note">{t.empty}</p>;
  return null;
}

/** Issue 37: her inbox (/powiadomienia), newest first; what was kept shows at once and offline (spec §3). */
export function NotificationsPage() {
  const [tappedAllUpTo, setTappedAllUpTo] = useState<number | null>(null);
  const { list, unread, pending } = useInbox(tappedAllUpTo);
  const view = useRequest(inboxRequest);
  const older = useOlderPages(list);

  const readAll = () => {
    // The newest she has on screen: what arrives before the read is sent stays unread.
    const upTo = older.items[0]?.id;
    if (upTo === undefined) return;
    setTappedAllUpTo(upTo);
    older.markAllRead(toWallClock(new Date(), appTimeZone()), upTo);
    void markAllRead(upTo);
  };

  return (
    <section className="notifications-page">
      <title>{pl.pageTitle(t.title)}</title>
      <h1>{t.title}</h1>
      <PushControl />
      <LoadStatus view={view} kept={list.length > 0} />
      {unread > 0 ? (
        <Button variant="text" className="notifications-page__read-all" onClick={readAll}>
          {t.markAllRead}
        </Button>
      ) : null}
      {older.items.length > 0 ? (
        <ul className="notification-list">
          {older.items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} read={isRead(notification, pending)} />
            </li>
          ))}
        </ul>
      ) : null}
      {older.failed ? (
        <p className="notifications-page__status" role="alert">
          {older.failed}
        </p>
      ) : null}
      {older.canLoadMore ? (
        <Button variant="secondary" block busy={older.loading} onClick={older.loadMore}>
          {older.loading ? pl.loading : t.showOlder}
        </Button>
      ) : null}
    </section>
  );
}
