import type { InboxNotification } from '@promotor/contract';
import { Fragment } from 'react';
import { Link } from 'react-router';
import * as pl from '../../../i18n/pl.ts';
import { formatWhen, notificationTarget, notificationText } from '../notification-text.ts';
import { markRead } from '../submit/outbox-kinds.ts';

/**
 * One notification of her inbox: a link to the screen it is about, which reads it as she opens it.
 * An unread one is marked by its dot and weight, and by 'Nieprzeczytane' at the start of its name.
 */
export function NotificationItem({ notification, read }: { notification: InboxNotification; read: boolean }) {
  const { title, lines } = notificationText(notification);
  return (
    <Link
      to={notificationTarget(notification)}
      className={read ? 'notification' : 'notification notification--unread'}
      onClick={() => void markRead(notification, read)}
    >
      {read ? null : (
        <>
          <span className="notification__unread">{pl.notifications.unread}:</span>{' '}
        </>
      )}
      <span className="notification__title">{title}</span>
      {/* The spaces between the parts: the link's name reads as words, not one run of text. */}
      {lines.map((line) => (
        <Fragment key={line}>
          {' '}
          <span className="notification__line">{line}</span>
        </Fragment>
      ))}{' '}
      <time className="notification__time" dateTime={notification.createdAt.replace(' ', 'T')}>
        {formatWhen(notification.createdAt)}
      </time>
    </Link>
  );
}
