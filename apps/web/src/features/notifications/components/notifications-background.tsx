import { useEffect } from 'react';
import { useAppStore } from '../../../store/app-store.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import { useInboxRefresh } from '../hooks/use-inbox-refresh.ts';
import { renewPush } from '../push/push-subscription.ts';

type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * Issue 37, mounted with the header (so once she is logged in, on every page of hers): her inbox kept
 * fresh, this phone's push subscription renewed once per start, and the app icon's badge (where the
 * phone has one) following her unread count.
 */
export function NotificationsBackground() {
  useInboxRefresh();
  const { unread } = useInbox();

  useEffect(() => {
    renewPush(useAppStore.getState().notifications.pushWanted);
  }, []);

  useEffect(() => {
    const phone = navigator as BadgeNavigator;
    const badge = unread > 0 ? phone.setAppBadge?.(unread) : phone.clearAppBadge?.();
    badge?.catch(() => undefined);
  }, [unread]);

  return null;
}
