import { SingleCameraModal } from '../../features/dual-camera/index.ts';
import { PhotoSurveyPage } from '../../features/photo-survey/components/photo-survey-page.tsx';

/** /photos (spec §2 Photos survey). The app joins the two features: the survey gets the single-shot camera. */
export function PhotosRoute() {
  return <PhotoSurveyPage Camera={SingleCameraModal} />;
}
