import { useRef, type JSX, type RefObject } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import { useSingleCamera } from '../hooks/use-single-camera.ts';
import { CameraMessage } from './camera-message.tsx';
import { useFocusStaysInside } from '../hooks/use-focus-stays-inside.ts';
import { LiveView } from './live-view.tsx';
import '../dual-camera.css';

export type SingleCameraModalProps = {
  open: boolean;
  /** The accepted photo, already a compressed JPEG. The modal does not close itself: set `open` to false here. */
  onAccept: (photo: Blob) => void;
  onClose: () => void;
};

/**
 * One photo from the camera (the photo survey's 'Aparat', spec §2): live camera (rear by default, a
 * switch to the front), shutter, then retake or accept. Same frame and camera handling as the
 * dual-camera modal; the camera runs only while it is open.
 */
export function SingleCameraModal({ open, onAccept, onClose }: SingleCameraModalProps): JSX.Element {
  const stopCamera = useRef<() => void>(() => {});
  const close = () => {
    stopCamera.current(); // the camera light goes off now, not when the parent re-renders
    onClose();
  };
  return (
    <Modal
      open={open}
      variant="full"
      title={pl.camera.single.title}
      showTitle={false}
      onClose={close}
      className="dual-camera__dialog"
      backdropClassName="dual-camera"
    >
      {open ? <SingleCameraDialog onAccept={onAccept} onClose={close} stopCamera={stopCamera} /> : null}
    </Modal>
  );
}

type DialogProps = Omit<SingleCameraModalProps, 'open'> & { stopCamera: RefObject<() => void> };

function SingleCameraDialog({ onAccept, onClose, stopCamera }: DialogProps) {
  const camera = useSingleCamera();
  const { phase } = camera;
  const ref = useRef<HTMLDivElement>(null);
  stopCamera.current = camera.stop;
  useFocusStaysInside(ref, phase.name);

  let content: JSX.Element;
  if (phase.name === 'review') {
    content = <SingleReview photo={phase.photo} onRetake={camera.restart} onAccept={() => onAccept(phase.photo)} />;
  } else if (phase.name === 'error') {
    const text = phase.problem === 'capture-failed' ? pl.camera.single.captureFailed : undefined;
    content = <CameraMessage problem={phase.problem} text={text} onRetry={camera.restart} />;
  } else {
    content = (
      <LiveView
        videoRef={camera.videoRef}
        phase={phase.name}
        mainFacing={camera.facing}
        onSwitch={camera.switchCamera}
        onCapture={() => void camera.capture()}
        single
      />
    );
  }

  return (
    <div ref={ref} className="dual-camera__body">
      <header className="dual-camera__header">
        <h2 className="dual-camera__title">{pl.camera.single.title}</h2>
        <button type="button" className="dual-camera__icon-button" aria-label={pl.camera.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      {content}
    </div>
  );
}

function SingleReview({ photo, onRetake, onAccept }: { photo: Blob; onRetake: () => void; onAccept: () => void }) {
  const src = useObjectUrl(photo);
  return (
    <>
      <div className="dual-camera__stage">{src ? <img className="dual-camera__photo" src={src} alt={pl.camera.single.photo} /> : null}</div>
      <div className="dual-camera__actions">
        <Button variant="secondary" onClick={onRetake}>
          {pl.camera.retake}
        </Button>
        <Button data-autofocus onClick={onAccept}>
          {pl.camera.accept}
        </Button>
      </div>
    </>
  );
}
