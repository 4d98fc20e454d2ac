import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';

export type RedeemConfirmationProps = { open: boolean; ident: string; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** spec §2 Popups: 'Wydaję kod {ident}:' with 'Anuluj' and 'Potwierdź'; a bottom sheet. */
export function RedeemConfirmation({ open, ident, busy, onConfirm, onCancel }: RedeemConfirmationProps) {
  return (
    <Modal open={open} variant="sheet" title={pl.vouchers.confirmRedeem(ident)} onClose={onCancel}>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onCancel}>
          {pl.cancel}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {pl.vouchers.confirm}
        </Button>
      </div>
    </Modal>
  );
}
