import { ActionStartScreen } from '../../features/actions/components/action-pages.tsx';
import { DualCameraModal } from '../../features/dual-camera/index.ts';

/** /akcja/start/:actionId (spec §2 Start action). The app joins the two features: the form gets the camera. */
export function ActionStartRoute() {
  return <ActionStartScreen Camera={DualCameraModal} />;
}
