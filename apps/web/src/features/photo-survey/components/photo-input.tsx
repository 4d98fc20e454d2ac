import { useState, type ComponentType } from 'react';
import { FieldError, useFieldIds } from '../../../components/form/field-frame.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PhotoSourceSheet } from '../../../components/ui/photo-source-sheet.tsx';
import { useObjectUrl } from '../../../components/ui/use-object-url.ts';
import * as pl from '../../../i18n/pl.ts';
import { compressImage } from '../../../lib/images/compress-image.ts';
import type { FieldBinding } from '../../../lib/forms/use-form-kit.ts';
import type { SingleCameraProps } from '../camera-props.ts';

const t = pl.photoSurvey;

export type PhotoInputProps = FieldBinding<Blob | null> & {
  /** The step it belongs to ('Zdjęcie przed ułożeniem ekspozycji'): names the button and the preview. */
  label: string;
  Camera: ComponentType<SingleCameraProps>;
};

/**
 * spec §2 Photos survey: a photo step. The button opens 'Wybierz sposób' with 'Wybór mediów' (the
 * file chooser, images only) and 'Aparat' (the single-shot camera); a picked file is compressed like
 * the camera's photos (lib/images); the preview is at most 300×300 (spec §9).
 */
export function PhotoInput({ name, value, error, onChange, label, Camera }: PhotoInputProps) {
  const [choosing, setChoosing] = useState(false);
  const [camera, setCamera] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { errorId } = useFieldIds();
  const url = useObjectUrl(value);
  const shownError = problem ?? error;

  // onChange alone: the kit checks a shown message again with the new value (a blur here would
  // re-show the message of the value before it).
  const take = (photo: Blob) => {
    setProblem(null);
    onChange(photo);
  };

  const pickFile = async (file: File) => {
    setPreparing(true);
    try {
      // The chooser's accept is a hint only: what cannot be decoded as an image is refused here.
      take(await compressImage(file));
    } catch {
      setProblem(pl.photoSource.notAnImage);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="photo-input">
      {url ? <img className="photo-input__preview" src={url} alt={t.preview(label)} /> : null}
      <Button
        variant="secondary"
        block
        name={name}
        busy={preparing}
        aria-label={value ? t.changePhotoOf(label) : t.addPhotoOf(label)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        onClick={() => setChoosing(true)}
      >
        {preparing ? pl.photoSource.preparing : value ? t.changePhoto : t.addPhoto}
      </Button>
      <FieldError id={errorId} error={shownError} />
      <PhotoSourceSheet
        open={choosing}
        onCamera={() => setCamera(true)}
        onFile={(file) => void pickFile(file)}
        onClose={() => setChoosing(false)}
      />
      <Camera
        open={camera}
        onAccept={(photo) => {
          take(photo);
          setCamera(false);
        }}
        onClose={() => setCamera(false)}
      />
    </div>
  );
}
