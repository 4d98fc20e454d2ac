import { useParams } from 'react-router';
import { ReportDetailPage } from '../../features/reports/components/report-detail-page.tsx';

/** /raport/:reportId (spec §2 Report detail); the report id is the finished action's uuid. */
export function ReportDetailRoute() {
  const { reportId } = useParams();
  return <ReportDetailPage key={reportId} actionUuid={reportId} />;
}
