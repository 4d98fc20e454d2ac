import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';

// spec §2 Popups: 'Czy na pewno chcesz odwołać swój udział w akcji?' with 'Anuluj' and 'Potwierdź'. */
export type CancelConfirmationProps = { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void };

/** A bottom sheet (spec §9: 1000 ms to close). */
export function CancelConfirmation({ open, busy, onConfirm, onClose }: CancelConfirmationProps) {
  return (
    <Modal open={open} variant="sheet" title={pl.actionDetail.cancelQuestion} onClose={onClose}>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {pl.cancel}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {pl.actionDetail.confirm}
        </Button>
      </div>
    </Modal>
  );
}
