import { SingleCameraModal } from '../../features/dual-camera/index.ts';
import { WebformPage } from '../../features/webform/components/webform-page.tsx';

/** spec §2 Webform. The app joins the two features: the receipt gets the single-shot camera. */
export function WebformScreen() {
  return <WebformPage Camera={SingleCameraModal} />;
}
