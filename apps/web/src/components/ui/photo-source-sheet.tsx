import { useRef } from 'react';
import * as pl from '../../i18n/pl.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import './photo-source-sheet.css';

export type PhotoSourceSheetProps = {
  open: boolean;
  /** The camera was chosen; the sheet is closing. */
  onCamera: () => void;
  /** A file picked in the chooser. `accept` is only a hint to the chooser: the caller decodes it. */
  onFile: (file: File) => void;
  onClose: () => void;
};

const t = pl.photoSource;

/**
 * Where a photo comes from ('Wybierz sposób', spec §2): a bottom sheet with the phone's files and the
 * camera, and the hidden file chooser (images) that the files' button opens. Either choice closes the
 * sheet. One order wherever a photo is asked for, the spec's: 'Wybór mediów', then 'Aparat' (decision 075).
 */
export function PhotoSourceSheet({ open, onCamera, onFile, onClose }: PhotoSourceSheetProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file picked again is a change too
          if (file) onFile(file);
        }}
      />
      <Modal open={open} variant="sheet" title={t.chooseWay} onClose={onClose}>
        <div className="photo-source__ways">
          <Button
            block
            onClick={() => {
              onClose();
              fileInput.current?.click();
            }}
          >
            {t.fromFiles}
          </Button>
          <Button
            block
            onClick={() => {
              onClose();
              onCamera();
            }}
          >
            {t.fromCamera}
          </Button>
        </div>
      </Modal>
    </>
  );
}
