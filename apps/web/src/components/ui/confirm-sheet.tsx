import * as pl from '../../i18n/pl.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export type ConfirmSheetProps = {
  open: boolean;
  /** The question, e.g. spec §2 'Wydaję kod {ident}:'. */
  title: string;
  /** What follows if she confirms, when the title alone does not say it. */
  description?: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** spec §2 Popups: a question with 'Anuluj' and a confirmation, as a bottom sheet (§9: 1000 ms to close). */
export function ConfirmSheet({ open, title, description, confirmLabel, busy, onConfirm, onCancel }: ConfirmSheetProps) {
  return (
    <Modal open={open} variant="sheet" title={title} onClose={onCancel}>
      {description ? <p>{description}</p> : null}
      <div className="modal__actions">
        <Button variant="secondary" onClick={onCancel}>
          {pl.cancel}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
