import * as pl from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /raport/:reportId */
export function ReportDetailRoute() {
  return <PageInPreparation title={pl.pages.reportDetail} back={{ to: '/raporty', label: pl.pages.backToReports }} />;
}
