import type { JSX } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useDualCamera, type ReviewPhoto } from '../hooks/use-dual-camera.ts';
import { CameraDialog, CameraModalFrame, type CameraModalProps, type CameraShell } from './camera-modal-frame.tsx';
import { PhotoReview } from './photo-review.tsx';

/** Both photos, already compressed JPEGs: front = user-facing camera, rear = environment camera. */
export type DualCameraPhotos = { front: Blob; rear: Blob; sameCamera: boolean };

export type DualCameraModalProps = CameraModalProps<DualCameraPhotos>;

/**
 * spec §2 Dual-camera capture modal: live camera, shutter, switch between rear (default) and front;
 * the shutter takes the main photo and one from the other camera; then swap, retake or accept.
 * The camera runs only while the modal is open (CameraModalFrame).
 */
export function DualCameraModal({ open, onAccept, onClose }: DualCameraModalProps): JSX.Element {
  return (
    <CameraModalFrame open={open} title={pl.camera.title} onClose={onClose}>
      {(shell) => <DualCameraDialog onAccept={onAccept} shell={shell} />}
    </CameraModalFrame>
  );
}

function DualCameraDialog({ onAccept, shell }: { onAccept: DualCameraModalProps['onAccept']; shell: CameraShell }) {
  const camera = useDualCamera();
  return (
    <CameraDialog
      shell={shell}
      camera={camera}
      review={({ photos, sameCamera }) => (
        <PhotoReview
          photos={photos}
          sameCamera={sameCamera}
          onSwap={camera.swap}
          onRetake={camera.restart}
          onAccept={() => onAccept({ ...photosByFacing(photos), sameCamera })}
        />
      )}
    />
  );
}

/** The upload wants the photos by camera side, whichever of them the user made the main one. */
function photosByFacing([first, second]: readonly [ReviewPhoto, ReviewPhoto]) {
  const [front, rear] = first.facing === 'user' ? [first, second] : [second, first];
  return { front: front.blob, rear: rear.blob };
}
