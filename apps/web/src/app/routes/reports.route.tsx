import { ReportsPage } from '../../features/reports/components/reports-page.tsx';

/** /raporty (spec §2 Reports list) */
export function ReportsRoute() {
  return <ReportsPage />;
}
