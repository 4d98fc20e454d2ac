import { ActionEndScreen } from '../../features/actions/components/action-pages.tsx';
import { DualCameraModal } from '../../features/dual-camera/index.ts';

/** /akcja/koniec/:actionId (spec §2 End action). The app joins the two features: the form gets the camera. */
export function ActionEndRoute() {
  return <ActionEndScreen Camera={DualCameraModal} />;
}
