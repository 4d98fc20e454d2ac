import { useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { toast } from '../../../store/notify.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { submitRedemption } from '../submit/redeem.ts';
import { askToRedeem, closeVoucherPopups, showVoucherCodes, showVoucherPicker, useVoucherPopups } from '../voucher-popups-state.ts';
import { selectBatch } from '../vouchers-store.ts';
import { BatchPicker } from './batch-picker.tsx';
import { CodesPopup } from './codes-popup.tsx';
import { ConfirmSheet } from '../../../components/ui/confirm-sheet.tsx';
import '../vouchers.css';

/**
 * The voucher popups of spec §2 (category picker, codes, redeem confirmation), one at a time, for
 * whichever entry point opened them (voucher-popups-state.ts). Mounted once, with the header.
 */
export function VoucherPopups() {
  const { step, eventUuid, actionUuid, voucher } = useVoucherPopups();
  const batchUuid = useAppStore((state) => state.vouchers.selectedBatchUuid);
  const batchIdent = useAppStore(
    (state) => (eventUuid ? state.vouchers.batches[eventUuid]?.find((batch) => batch.uuid === batchUuid)?.ident : undefined) ?? '',
  );
  const [redeeming, setRedeeming] = useState(false);

  // spec §4: the code is given once she confirms; the outbox takes it to the server (now, or once there
  // is a connection), and 'Wydano kod.' says so at once (decision 058).
  const confirm = async () => {
    if (!voucher || !batchUuid || !actionUuid) return;
    setRedeeming(true);
    try {
      await submitRedemption(actionUuid, batchUuid, voucher);
      toast(pl.vouchers.redeemed);
    } catch {
      useAppStore.getState().showToast(pl.errors.generic, 'error');
    } finally {
      setRedeeming(false);
      showVoucherCodes();
    }
  };

  if (!eventUuid) return null;
  return (
    <>
      <BatchPicker
        open={step === 'batches'}
        eventUuid={eventUuid}
        onChoose={(batch) => {
          selectBatch(batch.uuid);
          showVoucherCodes();
        }}
        onClose={closeVoucherPopups}
      />
      {batchUuid ? (
        <CodesPopup
          key={batchUuid}
          open={step === 'codes'}
          active={step === 'codes' || step === 'confirm'}
          batchUuid={batchUuid}
          batchIdent={batchIdent}
          onRedeem={askToRedeem}
          onBack={showVoucherPicker}
          onClose={closeVoucherPopups}
        />
      ) : null}
      <ConfirmSheet
        open={step === 'confirm'}
        title={pl.vouchers.confirmRedeem(voucher?.ident ?? '')}
        confirmLabel={pl.vouchers.confirm}
        busy={redeeming}
        onConfirm={() => void confirm()}
        onCancel={showVoucherCodes}
      />
    </>
  );
}
