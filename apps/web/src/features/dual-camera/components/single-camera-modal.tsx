import type { JSX } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useSingleCamera } from '../hooks/use-single-camera.ts';
import { CameraDialog, CameraModalFrame, type CameraModalProps, type CameraShell } from './camera-modal-frame.tsx';
import { SinglePhotoReview } from './photo-review.tsx';

/** onAccept gets the one photo. */
export type SingleCameraModalProps = CameraModalProps<Blob>;

/**
 * One photo from the camera (the photo survey's 'Aparat', spec §2): live camera (rear by default, a
 * switch to the front), shutter, then retake or accept. Same frame and camera handling as the
 * dual-camera modal; the camera runs only while it is open.
 */
export function SingleCameraModal({ open, onAccept, onClose }: SingleCameraModalProps): JSX.Element {
  return (
    <CameraModalFrame open={open} title={pl.camera.single.title} onClose={onClose}>
      {(shell) => <SingleCameraDialog onAccept={onAccept} shell={shell} />}
    </CameraModalFrame>
  );
}

function SingleCameraDialog({ onAccept, shell }: { onAccept: SingleCameraModalProps['onAccept']; shell: CameraShell }) {
  const camera = useSingleCamera();
  return (
    <CameraDialog
      shell={shell}
      camera={camera}
      single
      review={({ photo }) => <SinglePhotoReview photo={photo} onRetake={camera.restart} onAccept={() => onAccept(photo)} />}
    />
  );
}
