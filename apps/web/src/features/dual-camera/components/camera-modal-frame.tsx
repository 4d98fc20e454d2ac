import { useRef, type JSX, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { CameraCapture } from '../hooks/use-camera-capture.ts';
import { useFocusStaysInside } from '../hooks/use-focus-stays-inside.ts';
import { CameraMessage } from './camera-message.tsx';
import { LiveView } from './live-view.tsx';
import '../dual-camera.css';

/** What the frame hands its dialog: the title, the closing, and where the dialog leaves its camera's stop(). */
export type CameraShell = { title: string; close: () => void; stopCamera: RefObject<() => void> };

/** The props of a capture modal, whatever its shutter produces. */
export type CameraModalProps<Photos> = {
  open: boolean;
  /** The accepted photo(s), already compressed JPEGs. The modal does not close itself: set `open` to false here. */
  onAccept: (photos: Photos) => void;
  onClose: () => void;
};

type CameraModalFrameProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The dialog with the camera, mounted only while the modal is open. */
  children: (shell: CameraShell) => ReactNode;
};

/**
 * The full-screen frame of a capture modal (dual or single shot). The camera runs only while the
 * modal is open: closing unmounts the dialog at once, and only the empty frame stays for the close
 * animation (spec §9: 600 ms for photo modals).
 */
export function CameraModalFrame({ open, title, onClose, children }: CameraModalFrameProps): JSX.Element {
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
      title={title}
      showTitle={false}
      onClose={close}
      className="dual-camera__dialog"
      backdropClassName="dual-camera"
    >
      {open ? children({ title, close, stopCamera }) : null}
    </Modal>
  );
}

type CameraDialogProps<Review extends { name: 'review' }> = {
  shell: CameraShell;
  camera: Omit<CameraCapture<Review>, 'setPhase'>;
  /** The single-shot camera names its one camera and its one photo. */
  single?: boolean;
  /** What the shutter produced, with the review's actions. */
  review: (phase: Review) => JSX.Element;
};

/** The dialog's body: the header with the title and the close button above the live camera, the review or the problem. */
export function CameraDialog<Review extends { name: 'review' }>({ shell, camera, single = false, review }: CameraDialogProps<Review>) {
  const { title, close, stopCamera } = shell;
  const { phase } = camera;
  const ref = useRef<HTMLDivElement>(null);
  stopCamera.current = camera.stop;
  useFocusStaysInside(ref, phase.name);

  let content: JSX.Element;
  if (phase.name === 'review') {
    content = review(phase as Review);
  } else if (phase.name === 'error') {
    const text = single && phase.problem === 'capture-failed' ? pl.camera.single.captureFailed : undefined;
    content = <CameraMessage problem={phase.problem} text={text} onRetry={camera.restart} />;
  } else {
    content = (
      <LiveView
        videoRef={camera.videoRef}
        phase={phase.name}
        mainFacing={camera.facing}
        onSwitch={camera.switchCamera}
        onCapture={() => void camera.capture()}
        single={single}
      />
    );
  }

  return (
    <div ref={ref} className="dual-camera__body">
      <header className="dual-camera__header">
        <h2 className="dual-camera__title">{title}</h2>
        <button type="button" className="dual-camera__icon-button" aria-label={pl.camera.close} onClick={close}>
          <CloseIcon />
        </button>
      </header>
      {content}
    </div>
  );
}
