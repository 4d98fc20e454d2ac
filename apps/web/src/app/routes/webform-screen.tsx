import { CurrentActionGate } from '../../features/actions/components/current-action-gate.tsx';
import { SingleCameraModal } from '../../features/dual-camera/index.ts';
import { WebformPage } from '../../features/webform/components/webform-page.tsx';
import * as pl from '../../i18n/pl.ts';

/**
 * spec §2 Webform. The app joins the features: the registration belongs to her current action, which
 * the page loads itself (decision 075); the receipt gets the single-shot camera.
 */
export function WebformScreen() {
  return (
    <CurrentActionGate title={pl.pages.webform}>
      <WebformPage Camera={SingleCameraModal} />
    </CurrentActionGate>
  );
}
