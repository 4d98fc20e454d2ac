import type { JSX } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useSingleCamera, type SingleShotSizes } from '../hooks/use-single-camera.ts';
import { CameraDialog, CameraModalFrame, type CameraModalProps, type CameraShell } from './camera-modal-frame.tsx';
import { SinglePhotoReview } from './photo-review.tsx';

/** onAccept gets the one photo; `title` defaults to 'Aparat', the sizes to the action photos'. */
export type SingleCameraModalProps = CameraModalProps<Blob> & SingleShotSizes & { title?: string };

/**
 * One photo from the camera (the photo survey's 'Aparat', spec §2; the webform's receipt): live camera
 * (rear by default, a switch to the front), shutter, then retake or accept. Same frame and camera
 * handling as the dual-camera modal; the camera runs only while it is open.
 */
export function SingleCameraModal({
  open,
  onAccept,
  onClose,
  title = pl.camera.single.title,
  ...sizes
}: SingleCameraModalProps): JSX.Element {
  return (
    <CameraModalFrame open={open} title={title} onClose={onClose}>
      {(shell) => <SingleCameraDialog onAccept={onAccept} shell={shell} sizes={sizes} />}
    </CameraModalFrame>
  );
}

type DialogProps = { onAccept: SingleCameraModalProps['onAccept']; shell: CameraShell; sizes: SingleShotSizes };

function SingleCameraDialog({ onAccept, shell, sizes }: DialogProps) {
  const camera = useSingleCamera(sizes);
  return (
    <CameraDialog
      shell={shell}
      camera={camera}
      single
      review={({ photo }) => <SinglePhotoReview photo={photo} onRetake={camera.restart} onAccept={() => onAccept(photo)} />}
    />
  );
}
