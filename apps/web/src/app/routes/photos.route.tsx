import { useSearchParams } from 'react-router';
import { CurrentActionGate } from '../../features/actions/components/current-action-gate.tsx';
import { SingleCameraModal } from '../../features/dual-camera/index.ts';
import { PhotoSurveyPage } from '../../features/photo-survey/components/photo-survey-page.tsx';
import { ReviewGate } from '../../features/reports/components/review-gate.tsx';
import * as pl from '../../i18n/pl.ts';

/**
 * /photos (spec §2 Photos survey). The app joins the features: the survey is about her current action,
 * which the page loads itself (decision 075), and gets the single-shot camera. With ?akcja={uuid}: the
 * survey of that finished action, sent again while the coordinator asks for changes of its report
 * (issue 25, decision 093).
 */
export function PhotosRoute() {
  const [params] = useSearchParams();
  const reviewed = params.get('akcja');
  if (reviewed) {
    return (
      <ReviewGate key={reviewed} actionUuid={reviewed} title={pl.photoSurvey.title}>
        {(report) => <PhotoSurveyPage Camera={SingleCameraModal} resent={{ uuid: report.uuid, name: report.name, since: report.since }} />}
      </ReviewGate>
    );
  }
  return (
    <CurrentActionGate title={pl.photoSurvey.title}>
      <PhotoSurveyPage Camera={SingleCameraModal} />
    </CurrentActionGate>
  );
}
