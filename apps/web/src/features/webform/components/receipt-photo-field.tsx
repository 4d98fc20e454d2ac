import { useEffect, useRef, useState, type ComponentType } from 'react';
import { FieldError, useFieldIds } from '../../../components/form/field-frame.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PhotoSourceSheet } from '../../../components/ui/photo-source-sheet.tsx';
import { useObjectUrl } from '../../../components/ui/use-object-url.ts';
import * as pl from '../../../i18n/pl.ts';
import type { ReceiptCameraProps } from '../receipt/receipt-camera-props.ts';
import { RECEIPT_PHOTO_SIZE, RECEIPT_VIDEO_SIZE, receiptFromFile } from '../receipt/receipt-photo.ts';
import { loadReceipt, saveReceipt } from '../receipt/receipt-store.ts';

const t = pl.webformSteps.receipt;

export type ReceiptPhotoFieldProps = {
  /** The form's uuid: the photo is stored under it. */
  formUuid: string;
  /** values.recieptURL: 'receipt:<formUuid>' once a photo is stored, else ''. */
  recieptURL: string;
  onChange: (recieptURL: string) => void;
  /** §5: the offers need a receipt (receiptRequired). */
  required: boolean;
  error: string | null;
  Camera: ComponentType<ReceiptCameraProps>;
};

/**
 * The stored photo behind recieptURL (kept in IndexedDB, so it is back after a reload). A reference
 * whose photo is gone is cleared, so the §5 rule asks for the receipt again.
 */
function useStoredReceipt(recieptURL: string, onLost: () => void) {
  const [photo, setPhoto] = useState<Blob | null>(null);
  // A photo taken after a load began wins over what that load finds.
  const generation = useRef(0);
  const lost = useRef(onLost);
  lost.current = onLost;
  useEffect(() => {
    const mine = ++generation.current;
    if (recieptURL === '') return setPhoto(null);
    void loadReceipt(recieptURL)
      .catch(() => null)
      .then((stored) => {
        if (mine !== generation.current) return;
        setPhoto(stored);
        if (!stored) lost.current();
      });
  }, [recieptURL]);
  const taken = (next: Blob) => {
    generation.current += 1;
    setPhoto(next);
  };
  return { photo, taken };
}

/**
 * spec §2 Webform "a camera modal photographs the receipt": the single-shot camera (rear camera, §9
 * 1100×1600 JPEG from a 1600×1100 video), or a picked picture like the photo survey offers, then a
 * thumbnail and 'Zrób ponownie'.
 */
export function ReceiptPhotoField({ formUuid, recieptURL, onChange, required, error, Camera }: ReceiptPhotoFieldProps) {
  const [choosing, setChoosing] = useState(false);
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { errorId } = useFieldIds();
  const { photo, taken } = useStoredReceipt(recieptURL, () => onChange(''));
  const url = useObjectUrl(photo);
  const shownError = problem ?? error;

  const keep = async (prepare: () => Promise<Blob>, failure: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const jpeg = await prepare();
      try {
        const reference = await saveReceipt(formUuid, jpeg);
        taken(jpeg);
        onChange(reference);
      } catch {
        setProblem(t.notStored);
      }
    } catch {
      setProblem(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="webform-step__section receipt-field" aria-labelledby={`${errorId}-title`}>
      <h3 id={`${errorId}-title`} className="webform-step__title">
        {t.title}
      </h3>
      {required ? null : <p className="webform-step__hint">{t.notRequired}</p>}
      {url ? <img className="receipt-field__preview" src={url} alt={t.preview} /> : null}
      <Button
        variant="secondary"
        block
        name="recieptURL"
        busy={busy}
        aria-label={photo ? t.retakeReceipt : undefined}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        onClick={() => setChoosing(true)}
      >
        {busy ? pl.photoSource.preparing : photo ? t.retake : t.add}
      </Button>
      <FieldError id={errorId} error={shownError} />
      <PhotoSourceSheet
        open={choosing}
        onCamera={() => setCamera(true)}
        onFile={(file) => void keep(() => receiptFromFile(file), pl.photoSource.notAnImage)}
        onClose={() => setChoosing(false)}
      />
      <Camera
        open={camera}
        title={t.title}
        videoSize={RECEIPT_VIDEO_SIZE}
        photoSize={RECEIPT_PHOTO_SIZE}
        onAccept={(jpeg) => {
          setCamera(false);
          void keep(async () => jpeg, t.notStored);
        }}
        onClose={() => setCamera(false)}
      />
    </section>
  );
}
