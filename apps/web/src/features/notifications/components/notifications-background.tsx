import type { InboxNotification } from '@promotor/contract';
import { useEffect, useRef, useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import { useInboxRefresh } from '../hooks/use-inbox-refresh.ts';
import { renewPush } from '../push/push-subscription.ts';
import './notification-bell.css';

type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * Issue 37, mounted with the header (so once she is logged in, on every page of hers): her inbox kept
 * fresh, this phone's push subscription renewed once per start, and the app icon's badge (where the
 * phone has one) following her unread count. Issue 39: new notifications that come while the app is
 * open are said by a screen reader ('Nowe powiadomienie'), as the badge shows them.
 */
export function NotificationsBackground() {
  useInboxRefresh();
  const { list, unread } = useInbox();
  const arrived = useArrivals(list);

  useEffect(() => {
    renewPush(useAppStore.getState().notifications.pushWanted);
  }, []);

  useEffect(() => {
    const phone = navigator as BadgeNavigator;
    const badge = unread > 0 ? phone.setAppBadge?.(unread) : phone.clearAppBadge?.();
    badge?.catch(() => undefined);
  }, [unread]);

  // A polite live region, there from the start (one added with its text is not always read); each
  // arrival a new node, so that the same words twice are said twice.
  return (
    <p className="notification-bell__news" aria-live="polite">
      {arrived ? <span key={arrived.seq}>{pl.notificationBell.arrived(arrived.count)}</span> : null}
    </p>
  );
}

/**
 * How many unread notifications newer than any seen since the header mounted came with the last
 * answer. What she had when the app opened is the baseline: the list kept from her last visit, or —
 * on a phone with none kept (her first login here) — the first answer, so an old inbox is not news.
 */
function useArrivals(list: InboxNotification[]): { count: number; seq: number } | null {
  const seen = useRef<{ newest: number; settled: boolean } | null>(null);
  const [arrived, setArrived] = useState<{ count: number; seq: number } | null>(null);
  useEffect(() => {
    const newest = list.reduce((max, notification) => Math.max(max, notification.id), 0);
    const before = seen.current;
    if (before === null || !before.settled) {
      // At mount a kept list settles the baseline; an empty one waits for the first answer.
      seen.current = { newest, settled: before !== null || list.length > 0 };
      return;
    }
    const count = list.filter((notification) => notification.id > before.newest && notification.readAt === null).length;
    seen.current = { newest: Math.max(before.newest, newest), settled: true };
    if (count > 0) setArrived((last) => ({ count, seq: (last?.seq ?? 0) + 1 }));
  }, [list]);
  return arrived;
}
