import { RemindPage } from '../../features/auth/components/remind-page.tsx';

/** /remind */
export function RemindRoute() {
  return <RemindPage />;
}
