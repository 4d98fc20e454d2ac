import { ActionsScreen } from '../../features/actions/components/action-pages.tsx';
import { ReportsToFix } from '../../features/reports/components/reports-to-fix.tsx';

/** /akcje (spec §2 Actions list); on top, her reports sent back for correction (issue 33 item 18). */
export function ActionsRoute() {
  return <ActionsScreen notices={<ReportsToFix />} />;
}
