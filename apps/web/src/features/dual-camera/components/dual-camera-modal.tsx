import { useRef, type JSX, type RefObject } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useDualCamera, type ReviewPhoto } from '../hooks/use-dual-camera.ts';
import { useFocusStaysInside } from '../hooks/use-focus-stays-inside.ts';
import { CameraMessage } from './camera-message.tsx';
import { LiveView } from './live-view.tsx';
import { PhotoReview } from './photo-review.tsx';
import '../dual-camera.css';

/** Both photos, already compressed JPEGs: front = user-facing camera, rear = environment camera. */
export type DualCameraPhotos = { front: Blob; rear: Blob; sameCamera: boolean };

export type DualCameraModalProps = {
  open: boolean;
  /** The accepted pair. The modal does not close itself: set `open` to false here. */
  onAccept: (photos: DualCameraPhotos) => void;
  onClose: () => void;
};

/**
 * spec §2 Dual-camera capture modal: live camera, shutter, switch between rear (default) and front;
 * the shutter takes the main photo and one from the other camera; then swap, retake or accept.
 * The camera runs only while the modal is open: closing unmounts it at once, and only the empty frame
 * stays for the close animation (spec §9: 600 ms for photo modals).
 */
export function DualCameraModal({ open, onAccept, onClose }: DualCameraModalProps): JSX.Element {
  // Escape reaches the modal, not the camera below it: the camera leaves its stop() here.
  const stopCamera = useRef<() => void>(() => {});
  const close = () => {
    stopCamera.current(); // the camera light goes off now, not when the parent re-renders
    onClose();
  };
  return (
    <Modal
      open={open}
      variant="full"
      title={pl.camera.title}
      showTitle={false}
      onClose={close}
      className="dual-camera__dialog"
      backdropClassName="dual-camera"
    >
      {open ? <DualCameraDialog onAccept={onAccept} onClose={close} stopCamera={stopCamera} /> : null}
    </Modal>
  );
}

type DialogProps = Omit<DualCameraModalProps, 'open'> & { stopCamera: RefObject<() => void> };

function DualCameraDialog({ onAccept, onClose, stopCamera }: DialogProps) {
  const camera = useDualCamera();
  const { phase } = camera;
  const ref = useRef<HTMLDivElement>(null);
  stopCamera.current = camera.stop;
  useFocusStaysInside(ref, phase.name);

  let content: JSX.Element;
  if (phase.name === 'review') {
    content = (
      <PhotoReview
        photos={phase.photos}
        sameCamera={phase.sameCamera}
        onSwap={camera.swap}
        onRetake={camera.restart}
        onAccept={() => onAccept({ ...photosByFacing(phase.photos), sameCamera: phase.sameCamera })}
      />
    );
  } else if (phase.name === 'error') {
    content = <CameraMessage problem={phase.problem} onRetry={camera.restart} />;
  } else {
    content = (
      <LiveView
        videoRef={camera.videoRef}
        phase={phase.name}
        mainFacing={camera.mainFacing}
        onSwitch={camera.switchCamera}
        onCapture={() => void camera.capture()}
      />
    );
  }

  return (
    <div ref={ref} className="dual-camera__body">
      <header className="dual-camera__header">
        <h2 className="dual-camera__title">{pl.camera.title}</h2>
        <button type="button" className="dual-camera__icon-button" aria-label={pl.camera.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      {content}
    </div>
  );
}

/** The upload wants the photos by camera side, whichever of them the user made the main one. */
function photosByFacing([first, second]: readonly [ReviewPhoto, ReviewPhoto]) {
  const [front, rear] = first.facing === 'user' ? [first, second] : [second, first];
  return { front: front.blob, rear: rear.blob };
}
