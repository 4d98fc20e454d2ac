import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import type { ReviewPhoto } from '../hooks/use-dual-camera.ts';
import { facingLabel } from './live-view.tsx';

type PhotoReviewProps = {
  /** [main, other]: the main one is shown big. */
  photos: readonly [ReviewPhoto, ReviewPhoto];
  sameCamera: boolean;
  onSwap: () => void;
  onRetake: () => void;
  onAccept: () => void;
};

/** Both photos (the main one big, the other small) with swap, retake and accept. */
export function PhotoReview({ photos: [main, other], sameCamera, onSwap, onRetake, onAccept }: PhotoReviewProps) {
  return (
    <>
      <div className="dual-camera__stage">
        <Photo blob={main.blob} className="dual-camera__photo" alt={pl.camera.mainPhoto(facingLabel(main.camera))} />
        <Photo blob={other.blob} className="dual-camera__thumbnail" alt={pl.camera.otherPhoto(facingLabel(other.camera))} />
      </div>
      {sameCamera ? (
        <p className="dual-camera__note" role="status">
          {pl.camera.sameCameraNote}
        </p>
      ) : null}
      <ReviewActions onRetake={onRetake} onAccept={onAccept}>
        <Button variant="secondary" className="dual-camera__swap" onClick={onSwap}>
          {pl.camera.swap}
        </Button>
      </ReviewActions>
    </>
  );
}

type SinglePhotoReviewProps = { photo: Blob; onRetake: () => void; onAccept: () => void };

/** The single-shot camera's one photo with retake and accept. */
export function SinglePhotoReview({ photo, onRetake, onAccept }: SinglePhotoReviewProps) {
  return (
    <>
      <div className="dual-camera__stage">
        <Photo blob={photo} className="dual-camera__photo" alt={pl.camera.single.photo} />
      </div>
      <ReviewActions onRetake={onRetake} onAccept={onAccept} />
    </>
  );
}

/** Retake and accept (focused), after any extra actions of the review. */
function ReviewActions({ onRetake, onAccept, children }: { onRetake: () => void; onAccept: () => void; children?: ReactNode }) {
  return (
    <div className="dual-camera__actions">
      {children}
      <Button variant="secondary" onClick={onRetake}>
        {pl.camera.retake}
      </Button>
      <Button data-autofocus onClick={onAccept}>
        {pl.camera.accept}
      </Button>
    </div>
  );
}

function Photo({ blob, className, alt }: { blob: Blob; className: string; alt: string }) {
  const src = useObjectUrl(blob);
  return src ? <img className={className} src={src} alt={alt} /> : null;
}
