import { CalendarPage } from '../../features/availability/components/calendar-page.tsx';

/** /kalendarz (spec §2 Calendar) */
export function CalendarRoute() {
  return <CalendarPage />;
}
