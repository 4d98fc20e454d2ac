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
        <Photo photo={main} className="dual-camera__photo" alt={pl.camera.mainPhoto(facingLabel(main.camera))} />
        <Photo photo={other} className="dual-camera__thumbnail" alt={pl.camera.otherPhoto(facingLabel(other.camera))} />
      </div>
      {sameCamera ? (
        <p className="dual-camera__note" role="status">
          {pl.camera.sameCameraNote}
        </p>
      ) : null}
      <div className="dual-camera__actions">
        <Button variant="secondary" className="dual-camera__swap" onClick={onSwap}>
          {pl.camera.swap}
        </Button>
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

function Photo({ photo, className, alt }: { photo: ReviewPhoto; className: string; alt: string }) {
  const src = useObjectUrl(photo.blob);
  return src ? <img className={className} src={src} alt={alt} /> : null;
}
