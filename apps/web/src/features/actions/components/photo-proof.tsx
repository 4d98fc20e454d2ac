import { useEffect, useState, type ComponentType } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { CameraModalProps, PhotoPair } from '../submit/photo-pair.ts';

const t = pl.actionForm;

export type PhotoProofProps = {
  photos: PhotoPair | null;
  onChange: (photos: PhotoPair | null) => void;
  /** The dual-camera modal (given by the route). */
  Camera: ComponentType<CameraModalProps>;
  hint?: string;
};

/** Object URLs for the preview, revoked when the photos change or the form goes away. */
function usePreviewUrls(photos: PhotoPair | null): { front: string; rear: string } | null {
  const [urls, setUrls] = useState<{ front: string; rear: string } | null>(null);
  useEffect(() => {
    if (!photos) {
      setUrls(null);
      return;
    }
    const next = { front: URL.createObjectURL(photos.front), rear: URL.createObjectURL(photos.rear) };
    setUrls(next);
    return () => {
      URL.revokeObjectURL(next.front);
      URL.revokeObjectURL(next.rear);
    };
  }, [photos]);
  return urls;
}

/** The front+rear photo step of the start and end forms: capture, preview, clear and retake (spec §2). */
export function PhotoProof({ photos, onChange, Camera, hint }: PhotoProofProps) {
  const [open, setOpen] = useState(false);
  const urls = usePreviewUrls(photos);

  const retake = () => {
    onChange(null);
    setOpen(true);
  };

  return (
    <div className="photo-proof">
      {hint ? <p>{hint}</p> : null}
      {photos && urls ? (
        <>
          <div className="photo-proof__preview">
            <img src={urls.front} alt={t.front} />
            <img src={urls.rear} alt={t.rear} />
          </div>
          <Button variant="secondary" block onClick={retake}>
            {t.retake}
          </Button>
        </>
      ) : (
        <Button variant="secondary" block onClick={() => setOpen(true)}>
          {t.takePhotos}
        </Button>
      )}
      <Camera
        open={open}
        onAccept={(accepted) => {
          onChange(accepted);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
