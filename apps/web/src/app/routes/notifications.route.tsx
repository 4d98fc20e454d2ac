import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';

/** /powiadomienia (issue 37): her inbox. A chunk of its own: the first visit's JavaScript stays as it was. */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
