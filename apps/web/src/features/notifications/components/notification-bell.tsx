import { NavLink } from 'react-router';
import { BellIcon } from '../../../components/ui/icons.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import './notification-bell.css';

/**
 * Issue 37: the header's bell, on every page with a header, opening her inbox (aria-current there, as
 * the menu's links). The count is part of its name ('Powiadomienia, 2 nieprzeczytane'); the badge only
 * draws it, and is gone at 0.
 */
export function NotificationBell() {
  const { unread } = useInbox();
  return (
    <NavLink to="/powiadomienia" className="icon-button notification-bell" aria-label={pl.notificationBell.label(unread)}>
      <BellIcon />
      {unread > 0 ? (
        <span className="notification-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
