import { CurrentActionGate } from '../../features/actions/components/current-action-gate.tsx';
import { SingleCameraModal } from '../../features/dual-camera/index.ts';
import { PhotoSurveyPage } from '../../features/photo-survey/components/photo-survey-page.tsx';
import * as pl from '../../i18n/pl.ts';

/**
 * /photos (spec §2 Photos survey). The app joins the features: the survey is about her current action,
 * which the page loads itself (decision 075), and gets the single-shot camera.
 */
export function PhotosRoute() {
  return (
    <CurrentActionGate title={pl.photoSurvey.title}>
      <PhotoSurveyPage Camera={SingleCameraModal} />
    </CurrentActionGate>
  );
}
